import { useTranslation } from 'react-i18next';
import { DetailPage } from '../../components/detail-page/detail-page';
import { useDetailView } from '../../components/detail-page/use-detail-view';
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
  const view = useDetailView({
    queryKey: bpuTemplateQueryKey,
    fetch: fetchBpuTemplate,
    listPaths: [BPU_TEMPLATE_LIST_PATH],
    remove: deleteBpuTemplate,
  });
  const { id, reload } = view;
  const template = view.record;

  const title = template ? (
    <>
      {t('bpuTemplates.detailPrefix')}
      <BpuTemplateName
        template={template}
        editable={can('bpu_template', 'update')}
        onSaved={(record) => {
          view.refreshLists();
          if (record) {
            view.detail.setRecord(record);
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
    <DetailPage title={title} entity="bpu_template" listRoute={BPU_TEMPLATE_LIST_ROUTE} {...view.page}>
      {template ? <BpuTemplatePrestations templateId={id} /> : null}
    </DetailPage>
  );
}
