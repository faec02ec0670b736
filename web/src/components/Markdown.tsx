/** A small Markdown reader for the rules summaries: headings, paragraphs, lists, tables, bold,
 * italics and inline code. Text is never injected as HTML. */
import type { ComponentChildren } from 'preact'

/** A rule ID ("OP-3.2", "TR-16.3"): kept on one line, where a line broke it after its hyphen ("(OP-" / "3.2)"). */
const RULE_ID = /\b[A-Z]{2}-\d+(?:\.\d+)*[a-z]?\b/g

function ruleIds(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = []
  let at = 0
  for (let m = RULE_ID.exec(text); m !== null; m = RULE_ID.exec(text)) {
    out.push(text.slice(at, m.index), <span class="rule-ref">{m[0]}</span>)
    at = m.index + m[0].length
  }
  out.push(text.slice(at))
  return out
}

function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = []
  const re = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g
  let at = 0
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(...ruleIds(text.slice(at, m.index)))
    const t = m[0]
    if (t.startsWith('**')) out.push(<strong>{ruleIds(t.slice(2, -2))}</strong>)
    else if (t.startsWith('*')) out.push(<em>{ruleIds(t.slice(1, -1))}</em>)
    else out.push(<code>{t.slice(1, -1)}</code>)
    at = m.index + t.length
  }
  out.push(...ruleIds(text.slice(at)))
  return out
}

/** A list item's first line: its marker ("- ", "* ", "3. ") and its words. */
const ITEM = /^\s*([-*]|\d+\.)\s+/

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
    } else if (ITEM.test(line)) {
      const ordered = /^\s*\d+\./.test(line)
      const items: ComponentChildren[] = []
      while (i < lines.length && ITEM.test(lines[i])) {
        let item = lines[i].replace(ITEM, '')
        i += 1
        // an item wrapped onto the next lines: each indented line that starts no item of its own
        while (i < lines.length && /^\s+\S/.test(lines[i]) && !ITEM.test(lines[i])) item += ` ${lines[i++].trim()}`
        items.push(<li>{inline(item)}</li>)
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
