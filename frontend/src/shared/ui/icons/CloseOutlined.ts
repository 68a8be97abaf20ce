import shape from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { icon } from './icon';

export const CloseOutlined = icon(shape);
