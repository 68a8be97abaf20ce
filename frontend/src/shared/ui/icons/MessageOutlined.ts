import shape from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { icon } from './icon';

export const MessageOutlined = icon(shape);
