import shape from '@ant-design/icons-svg/es/asn/AlertOutlined';
import { icon } from './icon';

export const AlertOutlined = icon(shape);
