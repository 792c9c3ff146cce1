import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listQueryKey } from '../../components/data-table/use-list-controller';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailRecord, useRouteId } from '../../components/detail-page/use-detail-record';
import { useAuth } from '../../lib/auth-store';
import { BPU_TEMPLATE_LIST_PATH } from '../../lib/list-paths';
import { BPU_TEMPLATE_LIST_ROUTE } from '../../lib/routes';
import { BpuTemplateName } from './bpu-template-name';
import { BpuTemplatePrestations } from './bpu-template-prestations';
import { bpuTemplateQueryKey, deleteBpuTemplate, fetchBpuTemplate } from './bpu-templates.api';

/**
 * The BPU template detail (spec 3 /sst/bputemplate/{id}): its name edited in place, its prestations
 * with inline row edit and an add-row editor, CSV export and import.
 */
export function BpuTemplateDetailPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const templateId = useRouteId();
  const id = templateId ?? 0;
  const queryClient = useQueryClient();
  const detail = useDetailRecord({
    queryKey: bpuTemplateQueryKey(id),
    fetch: () => fetchBpuTemplate(id),
    enabled: templateId !== null,
  });
  const template = detail.record;
  const reload = async () => {
    await detail.reload();
  };

  const remove = async () => {
    const reply = await deleteBpuTemplate(id);
    if (reply.success) {
      queryClient.removeQueries({ queryKey: bpuTemplateQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: listQueryKey(BPU_TEMPLATE_LIST_PATH) });
    }
    return reply.success;
  };

  const title = template ? (
    <>
      {t('bpuTemplates.detailPrefix')}
      <BpuTemplateName
        template={template}
        editable={can('bpu_template', 'update')}
        onSaved={(record) => {
          void queryClient.invalidateQueries({ queryKey: listQueryKey(BPU_TEMPLATE_LIST_PATH) });
          if (record) {
            detail.setRecord(record);
          } else {
            void reload();
          }
        }}
        onStale={() => void reload()}
      />
    </>
  ) : (
    t('bpuTemplates.one')
  );

  return (
    <DetailPage
      title={title}
      entity="bpu_template"
      listRoute={BPU_TEMPLATE_LIST_ROUTE}
      loading={detail.loading}
      notFound={detail.missing}
      onReload={reload}
      onDelete={remove}
    >
      {template ? <BpuTemplatePrestations templateId={id} /> : null}
    </DetailPage>
  );
}
