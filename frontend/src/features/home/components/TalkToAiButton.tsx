import { MessageOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { texts } from '../texts';

/**
 * Opens the floating chat widget by pressing its own open button (marked `data-chat-open`), so the widget
 * stays the one owner of its state. Until the widget has loaded, a toast says so.
 */
export function TalkToAiButton() {
  const { notification } = App.useApp();
  const onClick = () => {
    const open = document.querySelector<HTMLElement>('[data-chat-open]');
    if (open) {
      open.click();
      return;
    }
    notification.info({ title: texts.chatLoadingTitle, description: texts.chatLoadingDescription });
  };
  return (
    <Button type="primary" size="large" icon={<MessageOutlined aria-hidden />} onClick={onClick}>
      {texts.talkToAi(PRACTITIONER_NAME)}
    </Button>
  );
}
