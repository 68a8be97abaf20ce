import { MessageOutlined } from '../../../shared/ui/icons/MessageOutlined';
import { useDispatch } from 'react-redux';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { texts } from '../texts';

/** Opens the floating chat widget with a store action. Until the widget is on the page, a toast says so. */
export function TalkToAiButton() {
  const toast = useToast();
  const dispatch = useDispatch<ChatWidgetDispatch>();
  const onClick = () => {
    if (dispatch(openChat())) return;
    toast.info({ title: texts.chatLoadingTitle, description: texts.chatLoadingDescription });
  };
  return (
    <Button variant="primary" size="large" icon={<MessageOutlined aria-hidden />} onClick={onClick}>
      {texts.talkToAi(PRACTITIONER_NAME)}
    </Button>
  );
}
