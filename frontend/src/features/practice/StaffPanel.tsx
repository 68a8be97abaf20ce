import type { StaffMember, StaffRole } from '@hhp/proto';
import { Button, Form, Input, Radio, Table, type TableColumnsType } from 'antd';
import { useInviteStaffMutation, useRevokeStaffMutation, useStaffListQuery } from './api';
import { ConfirmButton, LoadFailed, PanelNotice, ScrollRegion, useNotice } from './panel-parts';
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
  const { notice, run } = useNotice();
  useSignInOn401(list.error, inviting.error, revoking.error);

  const sendInvite = (values: InviteValues) =>
    run(async () => {
      const sent = await invite({ email: values.email.trim(), role: values.role }).unwrap();
      form.resetFields();
      return texts.inviteForm.sent(sent.email, formatTime(sent.expiresAt));
    });

  const revokeMember = (member: StaffMember) =>
    run(async () => {
      await revoke({ id: member.id }).unwrap();
      return texts.staff.revoked(member.email);
    });

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
          <ConfirmButton
            question={texts.staff.revokeConfirm(member.email)}
            yes={texts.staff.revoke}
            onConfirm={() => revokeMember(member)}
            danger
            aria-label={`${texts.staff.revoke} ${member.email}`}
          >
            {texts.staff.revoke}
          </ConfirmButton>
        ) : null,
    },
  ];

  return (
    <>
      <section className={styles.section}>
        <h2 id="practice-staff">{texts.staff.title}</h2>
        {list.error && !list.data ? (
          <LoadFailed error={list.error} />
        ) : (
          <ScrollRegion labelledBy="practice-staff">
            <Table<StaffMember>
              rowKey="id"
              columns={columns}
              dataSource={list.data?.staff ?? []}
              loading={list.isFetching}
              pagination={false}
            />
          </ScrollRegion>
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
        <PanelNotice notice={notice} />
      </section>
    </>
  );
}
