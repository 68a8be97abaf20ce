import type { StaffMember, StaffRole } from '@hhp/proto';
import { Alert, Button, Form, Input, Popconfirm, Radio, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorSentence } from '../../shared/api/error-message';
import { useInviteStaffMutation, useRevokeStaffMutation, useStaffListQuery } from './api';
import { formatTime, texts } from './texts';
import { useSignInOn401 } from './use-sign-in-on-401';
import styles from './practice.module.css';

interface InviteValues {
  email: string;
  role: StaffRole;
}

/** The admin's staff list, the invite form and revoking. */
export function StaffPanel({ selfId }: { selfId: string }) {
  const list = useStaffListQuery();
  const [invite, inviting] = useInviteStaffMutation();
  const [revoke, revoking] = useRevokeStaffMutation();
  const [form] = Form.useForm<InviteValues>();
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string }>();
  useSignInOn401(list.error, inviting.error, revoking.error);

  const sendInvite = async (values: InviteValues) => {
    setNotice(undefined);
    try {
      const sent = await invite({ email: values.email.trim(), role: values.role }).unwrap();
      setNotice({ type: 'success', text: texts.inviteForm.sent(sent.email, formatTime(sent.expiresAt)) });
      form.resetFields();
    } catch (failure) {
      setNotice({ type: 'error', text: errorSentence(failure) });
    }
  };

  const revokeMember = async (member: StaffMember) => {
    setNotice(undefined);
    try {
      await revoke({ id: member.id }).unwrap();
      setNotice({ type: 'success', text: texts.staff.revoked(member.email) });
    } catch (failure) {
      setNotice({ type: 'error', text: errorSentence(failure) });
    }
  };

  const columns: TableColumnsType<StaffMember> = [
    { title: texts.staff.email, dataIndex: 'email', key: 'email' },
    { title: texts.staff.role, key: 'role', render: (_, member) => texts.roles[member.role] },
    { title: texts.staff.status, dataIndex: 'status', key: 'status' },
    { title: texts.staff.passkeys, dataIndex: 'passkeys', key: 'passkeys' },
    { title: texts.staff.since, key: 'since', render: (_, member) => formatTime(member.createdAt) },
    {
      title: texts.staff.actions,
      key: 'actions',
      render: (_, member) =>
        member.id !== selfId && member.status === 'active' ? (
          <Popconfirm
            title={texts.staff.revokeConfirm(member.email)}
            okText={texts.staff.revoke}
            onConfirm={() => revokeMember(member)}
          >
            <Button danger aria-label={`${texts.staff.revoke} ${member.email}`}>
              {texts.staff.revoke}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <>
      <section className={styles.section}>
        <h2 id="practice-staff">{texts.staff.title}</h2>
        {list.error && !list.data ? (
          <Alert type="error" showIcon title={errorSentence(list.error)} />
        ) : (
          <div
            // A phone's screen may be narrower than the table: it scrolls sideways, by keyboard too (focusable).
            className={styles.tableScroll}
            role="region"
            aria-labelledby="practice-staff"
            tabIndex={0}
          >
            <Table<StaffMember>
              rowKey="id"
              columns={columns}
              dataSource={list.data?.staff ?? []}
              loading={list.isFetching}
              pagination={false}
            />
          </div>
        )}
      </section>
      <section aria-labelledby="practice-invite" className={styles.section}>
        <h2 id="practice-invite">{texts.inviteForm.title}</h2>
        <Form<InviteValues>
          form={form}
          layout="vertical"
          initialValues={{ role: 'practitioner' }}
          onFinish={(values) => void sendInvite(values)}
          requiredMark={false}
          className={styles.narrow}
        >
          <Form.Item
            name="email"
            label={texts.inviteForm.email}
            rules={[{ required: true, whitespace: true, message: texts.inviteForm.emailRequired }]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="role" label={texts.inviteForm.role}>
            <Radio.Group
              aria-label={texts.inviteForm.role}
              options={[
                { value: 'practitioner', label: texts.roles.practitioner },
                { value: 'admin', label: texts.roles.admin },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={inviting.isLoading}>
            {texts.inviteForm.button}
          </Button>
        </Form>
        <div aria-live="polite" className={styles.message}>
          {notice && (
            <Alert
              type={notice.type}
              role={notice.type === 'error' ? 'alert' : 'status'}
              showIcon
              title={notice.text}
            />
          )}
        </div>
      </section>
    </>
  );
}
