import { describe, expect, it } from 'vitest'
import { headLinks, pickEncoding, withHeadLinks } from './page-head.ts'

describe("a prerendered page's head links (decision 234)", () => {
  it('are absolute on the origin, attribute-escaped, before </head>; a page with its own canonical keeps it', () => {
    const links = headLinks('https://a.example', '/en/terms', { en: '/en/terms', 'x-default': '/t?a=1&b="2"' })
    expect(links).toBe(
      '<link rel="canonical" href="https://a.example/en/terms" />' +
        '<link rel="alternate" hreflang="en" href="https://a.example/en/terms" />' +
        '<link rel="alternate" hreflang="x-default" href="https://a.example/t?a=1&amp;b=&quot;2&quot;" />',
    )
    expect(withHeadLinks('<head><title>$&</title></head><body></body>', links)).toBe(`<head><title>$&</title>${links}</head><body></body>`)
    const own = withHeadLinks('<head><link rel="canonical" href="/x"></head>', links)
    expect(own.match(/rel="canonical"/g)).toHaveLength(1)
    expect(own).toContain('hreflang="en"')
    expect(() => withHeadLinks('<title>no head</title>', links)).toThrow('</head>')
  })

  it('are sent in the encoding the client prefers among brotli and gzip', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(pickEncoding('GZIP')).toBe('gzip')
    expect(pickEncoding('identity')).toBeUndefined()
    expect(pickEncoding(undefined)).toBeUndefined()
  })
})
