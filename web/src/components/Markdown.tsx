/** A small Markdown reader for the rules summaries: headings, paragraphs, lists, tables, bold,
 * italics and inline code. Text is never injected as HTML. */
import type { ComponentChildren } from 'preact'

function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = []
  const re = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g
  let at = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(text.slice(at, m.index))
    const t = m[0]
    if (t.startsWith('**')) out.push(<strong>{t.slice(2, -2)}</strong>)
    else if (t.startsWith('*')) out.push(<em>{t.slice(1, -1)}</em>)
    else out.push(<code>{t.slice(1, -1)}</code>)
    at = m.index + t.length
  }
  out.push(text.slice(at))
  return out
}

const cells = (row: string): string[] => row.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim())

export function Markdown({ text }: { text: string }) {
  const lines = text.split(/\r?\n/)
  // the text's top headings are the page's third level, under the panel's own (h2): no level skipped
  const top = Math.min(4, ...lines.map((l) => /^(#{1,4})\s/.exec(l)?.[1].length ?? 4))
  const blocks: ComponentChildren[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    const heading = /^(#{1,4})\s+(.*)$/.exec(line)
    if (heading) {
      const level = Math.min(heading[1].length - top + 3, 6)
      const H = `h${level}` as 'h3'
      blocks.push(<H>{inline(heading[2])}</H>)
      i += 1
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line)
      const items: ComponentChildren[] = []
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i])) {
        items.push(<li>{inline(lines[i].replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>)
        i += 1
      }
      blocks.push(ordered ? <ol>{items}</ol> : <ul>{items}</ul>)
    } else if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-+/.test(lines[i + 1])) {
      const head = cells(line)
      i += 2
      const rows: string[][] = []
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(cells(lines[i++]))
      blocks.push(
        <table class="md-table">
          <thead><tr>{head.map((h) => <th>{inline(h)}</th>)}</tr></thead>
          <tbody>{rows.map((r) => <tr>{r.map((c) => <td>{inline(c)}</td>)}</tr>)}</tbody>
        </table>,
      )
    } else if (line.trim() === '') {
      i += 1
    } else {
      const para: string[] = []
      while (i < lines.length && lines[i].trim() !== '' && !/^(#{1,4}\s|\s*([-*]|\d+\.)\s|\s*\|)/.test(lines[i])) para.push(lines[i++])
      blocks.push(<p>{inline(para.join(' '))}</p>)
    }
  }
  return <div class="markdown">{blocks}</div>
}
