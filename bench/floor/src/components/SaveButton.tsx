/** The floor's one island: a Save toggle kept in localStorage, hydrated when visible. */
import { useEffect, useState } from 'react';

export default function SaveButton({ slug, name }: { slug: string; name: string }) {
  const key = `saved:${slug}`;
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(localStorage.getItem(key) === '1'), [key]);
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => {
        localStorage.setItem(key, saved ? '0' : '1');
        setSaved(!saved);
      }}
    >
      {saved ? `Saved ${name}` : 'Save'}
    </button>
  );
}
