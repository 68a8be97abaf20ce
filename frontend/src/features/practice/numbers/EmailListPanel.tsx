import type { ListedAddress } from '@hhp/proto';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatTime } from '../texts';
import { LoadFailed, ScrollRegion } from '../panel-parts';
import { useSignInOn401 } from '../use-sign-in-on-401';
import styles from '../practice.module.css';
import { LIST_CSV_URL, useEmailListQuery } from './numbers-api';
import { numbersTexts } from './numbers-texts';
import own from './numbers.module.css';

const t = numbersTexts.list;
const PAGE_SIZE = 50;

/** "signup 1 Nov 10:00 via sign-up form (hero); confirm …" */
const consentOf = (address: ListedAddress) =>
  address.consent.map((step) => `${step.action} ${formatTime(step.at)} via ${step.via}`).join('; ');

const columns: TableColumnsType<ListedAddress> = [
  { title: t.email, dataIndex: 'email', key: 'email' },
  { title: t.source, dataIndex: 'source', key: 'source' },
  { title: t.confirmed, key: 'confirmed', render: (_, a) => formatTime(a.confirmedAt) },
  { title: t.consent, key: 'consent', render: (_, a) => consentOf(a) },
];

/** The admin's e-mail list: how many confirmed addresses, a page of them with their consent, and the CSV export. */
export function EmailListPanel() {
  const [page, setPage] = useState(1);
  const list = useEmailListQuery({ page, pageSize: PAGE_SIZE });
  useSignInOn401(list.error);
  return (
    <section className={styles.section}>
      <h2 id="practice-email-list">{t.title}</h2>
      <div className={own.toolbar}>
        {list.data && <p data-testid="practice-list-count">{t.count(list.data.total)}</p>}
        <a className={own.export} href={LIST_CSV_URL} download>
          {t.export}
        </a>
      </div>
      <p>{t.exportNote}</p>
      {list.error && !list.data ? (
        <LoadFailed error={list.error} />
      ) : (
        <ScrollRegion labelledBy="practice-email-list">
          <Table<ListedAddress>
            columns={columns}
            rowKey="email"
            dataSource={list.data?.addresses ?? []}
            loading={list.isFetching}
            // antd's own empty text is too pale for WCAG's contrast; ours is the body's grey.
            locale={{ emptyText: <span className={own.empty}>{t.empty}</span> }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
            size="small"
          />
        </ScrollRegion>
      )}
    </section>
  );
}
