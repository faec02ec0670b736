/** A game's text catalog (events, moves, names) in the page's language, and the template filler
 * that matches parlor.core.text: `{field}`, `{field:name}`, `{field:seat}`, `{player}`. */
import { useEffect, useState } from 'preact/hooks'
import { api, type Json, type JsonObject, type Move, type TextCatalog } from './api'
import type { Lang } from './i18n'
import { hasIcon } from './icons'
import { CHINESE_CHARACTER, SPACE_BETWEEN_CHINESE, formatted } from './template'

const cache = new Map<string, Promise<TextCatalog>>()

function load(game: string, lang: Lang): Promise<TextCatalog> {
  const key = `${game}/${lang}`
  let p = cache.get(key)
  if (!p) {
    p = api.text(game, lang).catch(() => ({ game, lang, events: {}, moves: {}, names: {}, ui: {}, steps: {}, rules: {}, options: {}, presets: {}, words: {}, errors: {} }))
    cache.set(key, p)
  }
  return p
}

/** A word as a label begins ("fama" -> "Fama"): names are kept as sentences use them. */
export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

export const humanize = (key: string): string => capital(key.replace(/_/g, ' '))

/** A piece of filled-in text: plain, a player's name with their seat, or a game's token drawn as its
 * icon (`text`: the token's word, which a copied or spoken line reads). */
export type Segment = string | { seat: number; text: string } | { icon: string; game: string; text: string }

/** An event kind's sentence for several players at once: `[events] passed_together`. */
export const TOGETHER = '_together'

/** A token as catalogs write it in text: `[W]`. */
const TOKEN = /\[([A-Za-z]\w*)\]/g

/** How a language separates the parts of a list (as the server's core/text.py PUNCTUATION): names
 * ("Ada, Bob"; Chinese "Ada、Bob"), phrases with amounts ("Fame +3, Coins +2"; "名聲 +3，金幣 +2") and
 * groups of those ("…; Bob …"; "…；Bob …"); a label from what follows it ("Bob: …"; "Bob：…"); and an
 * aside from the words it follows (`opening`, `closing`: "66 (tall)"; "66（高）"). */
type Marks = { names: string; phrases: string; groups: string; colon: string; opening: string; closing: string; last: string }
const MARKS: Record<Lang, Marks> = {
  en: { names: ', ', phrases: ', ', groups: '; ', colon: ': ', opening: ' (', closing: ')', last: ' and ' },
  es: { names: ', ', phrases: ', ', groups: '; ', colon: ': ', opening: ' (', closing: ')', last: ' y ' },
  zh_TW: { names: '、', phrases: '，', groups: '；', colon: '：', opening: '（', closing: '）', last: '、' },
}

/** Spanish writes "e" for "y" before the sound "i" ("Ana e Inés", but "Ana y Hielo"), as core/text.py. */
const SPANISH_I = /^(?:[iíï]|h[iíï](?![aeoáéó]))/i

/** What goes between a sentence's list of names and its last one, `name` ("Ada, Bob and Cy"). */
const beforeLast = (marks: Marks, name: string): string => (marks.last === ' y ' && SPANISH_I.test(name) ? ' e ' : marks.last)

/** The marks of `lang`, for a part of the page that has no game catalog at hand (the lobby). */
export const marksOf = (lang: Lang): Marks => MARKS[lang] ?? MARKS.en

export class Catalog {
  readonly data: TextCatalog
  readonly lang: Lang
  readonly players: string[]

  constructor(data: TextCatalog, lang: Lang, players: string[]) {
    this.data = data
    this.lang = lang
    this.players = players
  }

  get marks(): Marks {
    return marksOf(this.lang)
  }

  /** An aside in brackets after a word, full-width in Chinese: "66（高）", "66 (tall)". */
  aside(text: string): string {
    return `${this.marks.opening}${text}${this.marks.closing}`
  }

  withPlayers(players: string[]): Catalog {
    return new Catalog(this.data, this.lang, players)
  }

  /** This catalog with some names replaced for one table (a game's `places`). */
  withNames(names: Record<string, string>): Catalog {
    if (!Object.keys(names).length) return this
    return new Catalog({ ...this.data, names: { ...this.data.names, ...names } }, this.lang, this.players)
  }

  /** An id shown by its localised name; unknown ids are shown made readable. */
  name(id: Json): string {
    if (id === null) return '—'
    // a list names each id once, a repeated one counted ("Wood ×2, Metal"), as the server's catalog does
    if (Array.isArray(id)) return counts(id.map((v) => this.name(v))).join(this.marks.names)
    const key = String(id)
    return this.data.names[key] ?? this.data.ui[key] ?? (typeof id === 'string' ? humanize(key) : key)
  }

  /** A view key as a field label: the catalog's `[ui]` label, else its name, else made readable. */
  label(key: string): string {
    return this.data.ui[key] ?? this.data.names[key] ?? humanize(key)
  }

  has(id: string): boolean {
    return id in this.data.names
  }

  /** The player at `seat` by name (never a seat number; an unnamed seat is "Seat 3", from 1). */
  seat(seat: Json): string {
    const n = typeof seat === 'number' ? seat : Number(seat)
    return this.players[n] ?? (this.data.words.seat ?? 'Seat {n}').replace('{n}', String(n + 1))
  }

  /** What a decision step asks, as a verb phrase ("choose a magician"), or null when not named. */
  step(key: string | null): string | null {
    return key === null ? null : this.data.steps[key] ?? null
  }

  /** A rule's one-sentence statement by its ID ("TR-22.1"), or null. */
  rule(id: string): string | null {
    return this.data.rules[id] ?? null
  }

  plain(value: Json): string {
    if (value === null) return '—'
    if (Array.isArray(value)) return value.map((v) => this.plain(v)).join(this.marks.names)
    if (typeof value === 'object') {
      const colon = this.marks.colon // "碎片：2", as Chinese sentences write it
      return Object.entries(value).map(([k, v]) => `${this.label(k)}${colon}${this.plain(v)}`).join(this.marks.phrases)
    }
    if (typeof value === 'boolean') return value ? '✓' : '✗'
    // a component's id inside a structured value (an event's {character: location} table) by its name
    if (typeof value === 'string' && value in this.data.names) return this.data.names[value]
    return String(value)
  }

  /** Amounts read with `labels` in order ("Fame|Coins|Shards": [3, 0, -1] -> "Fame +3, Shards -1"); zeros
   * left out, nothing at all as the catalog's word for none (the same as the server's Catalog.amounts). */
  amounts(values: Json[], labels: string): string {
    const names = labels.split('|')
    const parts = values.flatMap((a, i) => (typeof a === 'number' && a !== 0 && i < names.length ? [`${names[i]} ${a > 0 ? '+' : ''}${a}`] : []))
    return parts.length ? parts.join(this.marks.phrases) : this.data.ui.list_none ?? '—'
  }

  fill(template: string, data: JsonObject, seat: number | null): string {
    return this.segments(template, data, seat).map((s) => (typeof s === 'string' ? s : s.text)).join('')
  }

  /** A template filled in as pieces: plain text, and each player named with their seat (so that the
   * page can show every name in that player's colour). */
  segments(template: string, data: JsonObject, seat: number | null): Segment[] {
    const out: Segment[] = []
    let at = 0
    const re = /\{(\w+)(?::(\w+)(?::([^{}]*))?)?\}/g
    for (let m = re.exec(template); m !== null; m = re.exec(template)) {
      out.push(template.slice(at, m.index))
      at = m.index + m[0].length
      const [whole, field, spec, forms] = m
      const value: Json | undefined = data[field]
      if (field === 'player' && value === undefined && seat !== null) out.push({ seat, text: this.seat(seat) })
      else if (value === undefined) out.push(whole)
      else if (spec === 'amounts' && Array.isArray(value)) out.push(this.amounts(value, forms ?? ''))
      else if (spec === 'per_seat' && forms && Array.isArray(value)) {
        // each seat's amounts after its name, a seat that got nothing left out: "Ada Fame +3; Bob Coins +1"
        const got = value.map((v, i) => [i, v] as const).filter(([, v]) => Array.isArray(v) && v.some((a) => typeof a === 'number' && a !== 0))
        if (!got.length) out.push(this.data.ui.list_none ?? '—')
        got.forEach(([i, v], n) => {
          if (n) out.push(this.marks.groups)
          out.push({ seat: i, text: this.seat(i) }, ` ${this.amounts(v as Json[], forms)}`)
        })
      }
      // an empty list of names or players reads as a word ("Orders arrive: none"), not as nothing
      else if (Array.isArray(value) && value.length === 0 && (spec === 'name' || spec === 'seat' || spec === 'per_seat')) out.push(this.data.ui.list_none ?? '—')
      else if (spec === 'per_seat' && Array.isArray(value)) {
        // one value per seat, each after its player's name: "Fame Ada 27, Bob 37"; seats apart by "; "
        // when each seat's value is itself a list ("Ada Magician: Theater, ...; Bob ...")
        const between = value.some((v) => v !== null && typeof v === 'object') ? this.marks.groups : this.marks.phrases
        value.forEach((v, i) => {
          if (i) out.push(between)
          const empty = v !== null && typeof v === 'object' && Object.keys(v).length === 0
          out.push({ seat: i, text: this.seat(i) }, ` ${empty ? this.data.ui.list_none ?? '—' : this.plain(v)}`)
        })
      }
      else if (spec === 'count' || spec === 'sign' || spec === 'size') out.push(formatted(value, spec, forms) ?? '')
      // a name's form for inside a sentence ("el {day:name:in_sentence}": "el jueves"), else the name
      else if (spec === 'name' && forms) out.push(this.data.names[`${String(value)}_${forms}`] ?? this.name(value))
      else if (spec === 'name') out.push(this.name(value))
      else if (spec === 'all' && Array.isArray(value)) {
        // the players a sentence lists as all of them: "Ada, Bob and Cy pass"
        value.forEach((v, i) => {
          const name = this.seat(v)
          if (i) out.push(i === value.length - 1 ? beforeLast(this.marks, name) : this.marks.names)
          out.push({ seat: Number(v), text: name })
        })
      } else if (spec === 'seat') {
        const seats = Array.isArray(value) ? value : [value]
        seats.forEach((v, i) => {
          if (i) out.push(this.marks.names)
          out.push({ seat: Number(v), text: this.seat(v) })
        })
      } else out.push(this.plain(value))
    }
    out.push(template.slice(at))
    // plain pieces joined first, so that a token sees the number before it ("{amount} [W]")
    const joined: Segment[] = []
    for (const s of out) {
      const last = joined[joined.length - 1]
      if (typeof s === 'string' && typeof last === 'string') joined[joined.length - 1] = last + s
      else joined.push(s)
    }
    if (this.lang === 'zh_TW') this.spaceChinese(joined)
    return joined.flatMap((s) => (typeof s === 'string' ? this.icons(s) : [s])).filter((s) => s !== '')
  }

  /** Text as the language spaces it (as the server's `Catalog.spaced`): in Chinese, no space between
   * two Chinese characters where a field met the template's words ("在 中央島嶼西北 加價"). */
  spaced(text: string): string {
    return this.lang === 'zh_TW' ? text.replace(SPACE_BETWEEN_CHINESE, '') : text
  }

  /** `spaced` over a sentence's pieces, a player's name among them ("由 電腦 2（隨機） 選擇" ->
   * "由電腦 2（隨機）選擇"): the space at a piece's edge goes when Chinese stands on both sides of it. */
  private spaceChinese(pieces: Segment[]): void {
    const text = (s: Segment) => (typeof s === 'string' ? s : s.text)
    pieces.forEach((piece, i) => {
      if (typeof piece !== 'string') return
      let out = this.spaced(piece)
      const before = i > 0 ? text(pieces[i - 1]).slice(-1) : ''
      const after = i + 1 < pieces.length ? text(pieces[i + 1]).slice(0, 1) : ''
      if (CHINESE_CHARACTER.test(before) && CHINESE_CHARACTER.test(out.trimStart().slice(0, 1))) out = out.trimStart()
      if (CHINESE_CHARACTER.test(after) && CHINESE_CHARACTER.test(out.trimEnd().slice(-1))) out = out.trimEnd()
      pieces[i] = out
    })
  }

  /** Plain text with each registered token as its word ("Put 1 resource"), for text that cannot hold
   * an icon (an SVG card's wrapped lines). */
  worded(text: string): string {
    return this.icons(text).map((s) => (typeof s === 'string' ? s : s.text)).join('')
  }

  /** Plain text with each token the game registered an icon for (`[W]`) as that icon. */
  icons(text: string): Segment[] {
    const game = this.data.game
    const out: Segment[] = []
    let at = 0
    for (const m of text.matchAll(TOKEN)) {
      const token = m[1]
      if (!hasIcon(game, token)) continue
      out.push(text.slice(at, m.index))
      // its word as the server's Catalog.worded says it: "Coin|Coins", the first after the number 1
      const forms = (this.data.ui[`icon_${token}`] ?? token).split('|')
      const number = /(\d+)\s*$/.exec(text.slice(0, m.index))?.[1]
      out.push({ icon: token, game, text: number === '1' ? forms[0] : forms[forms.length - 1] })
      at = (m.index ?? 0) + m[0].length
    }
    out.push(text.slice(at))
    return out
  }

  eventSegments(kind: string, data: JsonObject, seat: number | null): Segment[] {
    const t = this.data.events[kind]
    return t === undefined ? [this.event(kind, data, seat)] : this.segments(t, data, seat)
  }

  /** The sentence for an event made by each of `seats` alike: its kind's `_together` template, whose
   * `{players:all}` lists them (as the server's `Catalog.together`). */
  togetherSegments(kind: string, data: JsonObject, seats: number[]): Segment[] {
    return this.segments(this.data.events[kind + TOGETHER], { ...data, players: seats }, null)
  }

  event(kind: string, data: JsonObject, seat: number | null): string {
    const t = this.data.events[kind]
    if (t === undefined) {
      const who = seat === null ? '' : `${this.seat(seat)}: `
      const parts = Object.entries(data).map(([k, v]) => `${this.name(k)} ${this.plain(v)}`)
      return `${who}${humanize(kind)}${parts.length ? this.aside(parts.join(this.marks.groups)) : ''}`
    }
    return this.fill(t, data, seat)
  }

  move(move: Move, seat: number | null = null): string {
    const t = this.data.moves[move.kind]
    if (t === undefined) {
      const rest = Object.entries(move).filter(([k]) => k !== 'kind').map(([k, v]) => `${this.name(k)}${this.marks.colon}${this.name(v)}`)
      return `${humanize(move.kind)}${rest.length ? ` — ${rest.join(this.marks.names)}` : ''}`
    }
    return this.fill(t, move as JsonObject, seat)
  }

  /** A heading for a kind of move: the catalog's `[ui] kind_<kind>` where the bare template does not
   * read well ("Place the a character"), else its template with the fields left out. */
  kind(kind: string): string {
    const own = this.data.ui[`kind_${kind}`]
    if (own) return own
    const t = this.data.moves[kind]
    if (t === undefined) return humanize(kind)
    // each field named by what it stands for ("a card", "a place"), never clipped to "…"
    const bare = t.replace(/\{player\}/g, '').replace(/\{(\w+)(?::\w+(?::[^{}]*)?)?\}/g, (_m, f: string) => this.data.ui[`field_${f}`] ?? '')
      .replace(/\s*[([]\s*[)\]]/g, '').replace(/\s{2,}/g, ' ').trim()
    return this.spaced(bare) || humanize(kind)
  }

  /** A scoring category (a result breakdown's key): the catalog's `[ui] category_<key>`, else its name. */
  category(key: string): string {
    return this.data.ui[`category_${key}`] ?? this.data.names[key] ?? this.data.ui[key] ?? humanize(key)
  }

  /** A word a board prints: the game's catalog name or label, else its `[ui] board_<key>`, else the key made readable. */
  term(key: string): string {
    return this.data.names[key] ?? this.data.ui[key] ?? this.data.ui[`board_${key}`] ?? humanize(key)
  }

  /** What a move field stands for ("a card"): the catalog's `[ui] field_<key>`, else its name. */
  field(key: string): string {
    return this.data.ui[`field_${key}`] ?? this.data.names[key] ?? humanize(key)
  }
}

/** The catalog of `game` in `lang`; null until it has loaded. */
export function useCatalog(game: string | null, lang: Lang, players: string[]): Catalog | null {
  const [data, setData] = useState<{ key: string; text: TextCatalog } | null>(null)
  const key = `${game}/${lang}`
  useEffect(() => {
    if (!game) return
    let live = true
    load(game, lang).then((text) => live && setData({ key, text }))
    return () => {
      live = false
    }
  }, [key])
  // while another language loads, the page keeps speaking the previous one (no flash, no lost state)
  if (!game || !data || data.text.game !== game) return null
  return new Catalog(data.text, data.key === key ? lang : (data.text.lang as Lang), players)
}

/** Names in their first order, each once, a repeated one with its count ("Madera ×2"). */
function counts(names: string[]): string[] {
  const seen = new Map<string, number>()
  for (const name of names) seen.set(name, (seen.get(name) ?? 0) + 1)
  return [...seen].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name))
}
