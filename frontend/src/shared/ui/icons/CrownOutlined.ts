import shape from '@ant-design/icons-svg/es/asn/CrownOutlined';
import { icon } from './icon';

export const CrownOutlined = icon(shape);
