import { cleanup, render, screen } from '@testing-library/react';
import { DatePicker, Modal, Pagination, Select, Table, Upload } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
// antd's select and upload measure themselves: the testing helpers bring a ResizeObserver to jsdom
import '../../lib/testing';
import { ScreensLocale } from './screens-locale';

describe("the screens' locale", () => {
  afterEach(cleanup);

  it("gives antd's own texts in French: empty table and select, pagination, date picker, upload, dialog", async () => {
    render(
      <ScreensLocale>
        <Table rowKey="id" columns={[{ key: 'name', dataIndex: 'name', title: 'Nom' }]} dataSource={[]} />
        <Select open options={[]} aria-label="Choix" />
        <Pagination total={50} showQuickJumper />
        <DatePicker />
        <Upload defaultFileList={[{ uid: '1', name: 'pv.pdf', status: 'done' }]} />
        <Modal open title="Dialogue" onOk={() => undefined} onCancel={() => undefined} />
      </ScreensLocale>,
    );
    // the empty table and the empty select's list
    expect(await screen.findAllByText('Aucune donnée', { selector: '.ant-empty-description' })).toHaveLength(2);
    expect(screen.queryByText(/no data/i)).toBeNull();
    expect(screen.getByTitle('Page précédente')).toBeTruthy();
    expect(screen.getByText(/Aller à/)).toBeTruthy();
    expect(screen.getByPlaceholderText('Sélectionner une date')).toBeTruthy();
    expect(screen.getByTitle('Effacer le fichier')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
  });
});
