import { createClient } from '@libsql/client';
const c = createClient({ url: process.env.DATABASE_URL });
const kind = process.argv[2];
const target = (await c.execute("select id, name, in_stock from products where status='published' order by name limit 1")).rows[0];
if (kind === 'stock') await c.execute({ sql: "update products set in_stock = 1 - in_stock, updated_at = updated_at where id = ?", args: [target.id] });
if (kind === 'price') await c.execute({ sql: "update products set price = price + 1 where id = ?", args: [target.id] });
console.log('edited', kind, target.id, target.name, target.in_stock);
