import { describe, expect, it } from 'vitest';
import { robotsTxt } from '~/server/growth/robots';
import { sitemapIndexXml, urlsetXml } from '~/server/growth/sitemap-xml';

const site = { publicUrl: 'https://cinema.example' };

describe('sitemap XML', () => {
  it('lists a page once per language, each naming both languages and x-default', () => {
    const xml = urlsetXml(site, [{ route: '/movies/12', lastmod: new Date('2026-03-01T10:20:30.456Z') }]);
    const urls = xml.match(/<url>.*?<\/url>/g) ?? [];
    expect(urls).toHaveLength(2);
    expect(urls[0]).toContain('<loc>https://cinema.example/movies/12</loc>');
    expect(urls[1]).toContain('<loc>https://cinema.example/en/movies/12</loc>');
    for (const url of urls) {
      expect(url).toContain('<lastmod>2026-03-01T10:20:30Z</lastmod>');
      expect(url).toContain('hreflang="fa" href="https://cinema.example/movies/12"');
      expect(url).toContain('hreflang="en" href="https://cinema.example/en/movies/12"');
      expect(url).toContain('hreflang="x-default" href="https://cinema.example/movies/12"');
    }
  });

  it('writes the home page as / and /en, and leaves lastmod out when unknown', () => {
    const xml = urlsetXml(site, [{ route: '/' }]);
    expect(xml).toContain('<loc>https://cinema.example/</loc>');
    expect(xml).toContain('<loc>https://cinema.example/en</loc>');
    expect(xml).not.toContain('<lastmod>');
  });

  it('escapes what XML would misread', () => {
    // (Quotes are percent-encoded as in any URL; & is escaped for XML.)
    expect(urlsetXml(site, [{ route: "/search?a=1&b='2'" }])).toContain('/search?a=1&#38;b=%272%27');
  });

  it('indexes its children by absolute address', () => {
    const xml = sitemapIndexXml(site, [{ name: 'pages' }, { name: 'movies', lastmod: new Date(0) }]);
    expect(xml).toContain(
      '<sitemap><loc>https://cinema.example/sitemaps/movies.xml</loc><lastmod>1970-01-01T00:00:00Z</lastmod></sitemap>',
    );
    expect(xml).toContain('<sitemap><loc>https://cinema.example/sitemaps/pages.xml</loc></sitemap>');
  });

  it('is named by robots.txt, which keeps the artwork crawlable and the API out', () => {
    const robots = robotsTxt(site);
    expect(robots).toContain('Sitemap: https://cinema.example/sitemap.xml');
    expect(robots.indexOf('Allow: /api/v1/media/artwork/')).toBeLessThan(robots.indexOf('Disallow: /api/'));
    expect(robots).not.toMatch(/Disallow: \/(?:account|play|login)/);
  });
});
