import shape from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import { icon } from './icon';

export const SafetyOutlined = icon(shape);
