import shape from '@ant-design/icons-svg/es/asn/SmileOutlined';
import { icon } from './icon';

export const SmileOutlined = icon(shape);
