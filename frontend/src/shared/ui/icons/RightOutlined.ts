import shape from '@ant-design/icons-svg/es/asn/RightOutlined';
import { icon } from './icon';

export const RightOutlined = icon(shape);
