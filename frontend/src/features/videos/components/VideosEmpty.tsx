import { Button, Empty } from 'antd';
import { texts } from '../texts';

export function VideosEmpty({ filtered, onShowAll }: { filtered: boolean; onShowAll: () => void }) {
  return (
    <Empty description={filtered ? texts.emptyCategory : texts.emptyAll}>
      {filtered && <Button onClick={onShowAll}>{texts.showAll}</Button>}
    </Empty>
  );
}
