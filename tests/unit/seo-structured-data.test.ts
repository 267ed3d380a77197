import { describe, expect, it } from 'vitest';
import { breadcrumbListJsonLd, organizationJsonLd, serializeJsonLd, webSiteJsonLd } from '../../src/domain/structured-data.ts';

const site = 'https://repwell.example/';

describe('JSON-LD on the home page', () => {
  it('describes the Organization with absolute URLs', () => {
    expect(organizationJsonLd(site)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Repwell',
      url: 'https://repwell.example/',
      logo: 'https://repwell.example/favicon.svg',
    });
  });

  it('gives the WebSite a SearchAction to /products?search=', () => {
    const website = webSiteJsonLd(site);
    expect(website['@type']).toBe('WebSite');
    expect(website['potentialAction']).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://repwell.example/products?search={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });
});

describe('BreadcrumbList', () => {
  it('numbers the items from 1 and makes their links absolute', () => {
    const list = breadcrumbListJsonLd(
      [{ name: 'Home', href: '/' }, { name: 'Products', href: '/products' }, { name: 'Recovery', href: '/products?category=recovery' }, { name: 'Foam Roller' }],
      site,
    );
    expect(list).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://repwell.example/' },
        { '@type': 'ListItem', position: 2, name: 'Products', item: 'https://repwell.example/products' },
        { '@type': 'ListItem', position: 3, name: 'Recovery', item: 'https://repwell.example/products?category=recovery' },
        { '@type': 'ListItem', position: 4, name: 'Foam Roller' },
      ],
    });
  });
});

describe('JSON-LD inside a script element', () => {
  it('cannot close the element early, and still parses to the same data', () => {
    const data = { name: 'Evil </script><script>alert(1)</script>' };
    const text = serializeJsonLd(data);
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual(data);
  });
});
