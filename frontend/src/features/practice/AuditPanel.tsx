import type { AuditEntry } from '@hhp/proto';
import { Table, type TableColumnsType } from 'antd';
import { useAuditLogQuery } from './api';
import { LoadFailed, ScrollRegion } from './panel-parts';
import { formatTime, texts } from './texts';
import { useSignInOn401 } from './use-sign-in-on-401';
import styles from './practice.module.css';

const columns: TableColumnsType<AuditEntry> = [
  { title: texts.audit.at, key: 'at', render: (_, entry) => formatTime(entry.at) },
  { title: texts.audit.who, key: 'who', render: (_, entry) => entry.email ?? '—' },
  { title: texts.audit.action, dataIndex: 'action', key: 'action' },
  { title: texts.audit.target, key: 'target', render: (_, entry) => entry.target ?? '' },
  { title: texts.audit.ip, dataIndex: 'ip', key: 'ip' },
];

/** The admin's audit log, newest first (the last 50 entries). */
export function AuditPanel() {
  const log = useAuditLogQuery();
  useSignInOn401(log.error);
  return (
    <section className={styles.section}>
      <h2 id="practice-audit">{texts.audit.title}</h2>
      {log.error && !log.data ? (
        <LoadFailed error={log.error} />
      ) : (
        <ScrollRegion labelledBy="practice-audit">
          <Table<AuditEntry>
            columns={columns}
            // Entries have no id of their own; the list is only read, so its order is the key.
            dataSource={(log.data?.entries ?? []).map((entry, key) => ({ ...entry, key }))}
            loading={log.isFetching}
            pagination={false}
            size="small"
          />
        </ScrollRegion>
      )}
    </section>
  );
}
