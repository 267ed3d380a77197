/** A checkbox that can also show 'mixed' (a header box when only some rows are selected): indeterminate is a DOM property, not an attribute. */
import { useEffect, useRef, type InputHTMLAttributes } from 'react';

export function Checkbox({ indeterminate = false, ...props }: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className="size-4 cursor-pointer accent-brand-700 disabled:cursor-default" {...props} />;
}
