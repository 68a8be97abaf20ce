import shape from '@ant-design/icons-svg/es/asn/MenuOutlined';
import { icon } from './icon';

export const MenuOutlined = icon(shape);
