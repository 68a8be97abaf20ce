import { Button, Empty } from 'antd';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { texts } from '../texts';

/** A lazy chunk, with antd (AntdPart.tsx). */
export function VideosEmpty({ filtered, onShowAll }: { filtered: boolean; onShowAll: () => void }) {
  return (
    <AntdScope>
      <Empty description={filtered ? texts.emptyCategory : texts.emptyAll}>
        {filtered && <Button onClick={onShowAll}>{texts.showAll}</Button>}
      </Empty>
    </AntdScope>
  );
}
