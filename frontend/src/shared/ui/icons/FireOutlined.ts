import shape from '@ant-design/icons-svg/es/asn/FireOutlined';
import { icon } from './icon';

export const FireOutlined = icon(shape);
