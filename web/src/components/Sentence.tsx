/** A page string with parts that are elements (a player's name in colour), e.g. "{name} must {step}". */
import type { ComponentChildren } from 'preact'
import { marksOf } from '../catalog'
import { useI18n } from '../i18n'
import { inkOf } from '../ink'
import { SeatMark } from '../seatMarks'

export function Sentence({ template, parts }: { template: string; parts: Record<string, ComponentChildren> }) {
  const out: ComponentChildren[] = []
  let at = 0
  const re = /\{(\w+)\}/g
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    out.push(template.slice(at, m.index))
    out.push(m[1] in parts ? parts[m[1]] : m[0])
    at = m.index + m[0].length
  }
  out.push(template.slice(at))
  return <>{out}</>
}

/** Players' names, each in its colour, joined as the page's language lists names ("Ada, Bob"; "Ada、Bob"). */
export function Names({ seats, names, colours }: { seats: number[]; names: string[]; colours: string[] }) {
  const { lang } = useI18n()
  return (
    <>
      {seats.map((s, i) => (
        <>
          {i > 0 && marksOf(lang).names}
          <strong class="player-name" data-seat-name={s} style={{ color: inkOf(colours[s]) }}><SeatMark seat={s} colour={colours[s]} />{names[s]}</strong>
        </>
      ))}
    </>
  )
}
