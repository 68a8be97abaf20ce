import shape from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import { icon } from './icon';

export const PlayCircleOutlined = icon(shape);
