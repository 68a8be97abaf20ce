import { MessageOutlined } from '@ant-design/icons';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { texts } from '../texts';

/**
 * Opens the floating chat widget by pressing its own open button (marked `data-chat-open`), so the widget
 * stays the one owner of its state. Until the widget has loaded, a toast says so.
 */
export function TalkToAiButton() {
  const toast = useToast();
  const onClick = () => {
    const open = document.querySelector<HTMLElement>('[data-chat-open]');
    if (open) {
      open.click();
      return;
    }
    toast.info({ title: texts.chatLoadingTitle, description: texts.chatLoadingDescription });
  };
  return (
    <Button variant="primary" size="large" icon={<MessageOutlined aria-hidden />} onClick={onClick}>
      {texts.talkToAi(PRACTITIONER_NAME)}
    </Button>
  );
}
