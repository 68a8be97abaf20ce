import shape from '@ant-design/icons-svg/es/asn/AudioOutlined';
import { icon } from './icon';

export const AudioOutlined = icon(shape);
