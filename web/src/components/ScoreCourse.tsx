/** A finished game's running scores as a chart (`GET /api/tables/{id}/scores`): a line a player in their
 * colour, stepping where a move changed a score, and the scores at the step shown beside the players' names.
 * At the final result it reads the whole game; in the replay a line marks the step shown and a click on
 * the chart goes to the step under it. A game whose chart follows something other than a score (Star
 * Road's HP) names it in the title, by its word in the game's catalog (`label`). Nothing is drawn for a
 * game whose chart follows nothing. */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api, type ScoreCourse as Course } from '../api'
import { Asked, useAnswer } from '../asked'
import { marksOf, type Catalog } from '../catalog'
import { useI18n } from '../i18n'
import { inkOf } from '../ink'
import { SeatDot, SeatToken } from '../seatMarks'

const HEIGHT = 180
const MARGIN = { left: 34, right: 14, top: 10, bottom: 24 }
/** A finished table's course, asked once a page (it never changes once the game is over). */
const courses = new Asked((table) => api.scores(table))

/** Gridline values from at or below `low` to at or above `high`: a round step (1, 2 or 5 times a power of
 * ten) giving at most five spaces between them. */
export function gridlines(low: number, high: number): number[] {
  const span = Math.max(1, high - low)
  const power = 10 ** Math.floor(Math.log10(span / 5))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => Math.ceil(high / s) - Math.floor(low / s) <= 5) ?? 10 * power
  const lines: number[] = []
  for (let n = Math.floor(low / step); n <= Math.ceil(high / step); n++) lines.push(Math.round(n * step * 1e6) / 1e6)
  return lines
}

/** The scores standing after `step` moves: those of the last point at or before it. */
export function scoresAt(course: Course, step: number): number[] {
  let found = course.points[0]?.scores ?? []
  for (const point of course.points) {
    if (point.step > step) break
    found = point.scores
  }
  return found
}

function useWidth(): [(node: HTMLDivElement | null) => void, number] {
  const [width, setWidth] = useState(0)
  const observer = useRef<ResizeObserver | null>(null)
  const attach = (node: HTMLDivElement | null) => {
    observer.current?.disconnect()
    if (!node) return
    observer.current = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)))
    observer.current.observe(node)
  }
  useEffect(() => () => observer.current?.disconnect(), [])
  return [attach, width]
}

export function ScoreCourse({ table, catalog, names, colours, step = null, onGo }: {
  table: string; catalog: Catalog; names: string[]; colours: string[]
  /** the step the replay shows (null: the whole game, at the final result) */
  step?: number | null
  onGo?: (step: number) => void
}) {
  const { t, lang } = useI18n()
  const course = useAnswer(courses, table)
  const [attach, width] = useWidth()
  if (!course || course.points.length < 2) return null
  const total = Math.max(1, course.total)
  const values = course.points.flatMap((p) => p.scores)
  const lines = gridlines(Math.min(0, ...values), Math.max(1, ...values))
  const low = lines[0]
  const high = lines[lines.length - 1]
  const inner = Math.max(40, width - MARGIN.left - MARGIN.right)
  const x = (s: number) => MARGIN.left + (s / total) * inner
  const y = (v: number) => MARGIN.top + (1 - (v - low) / Math.max(1, high - low)) * (HEIGHT - MARGIN.top - MARGIN.bottom)
  const shown = step === null ? course.total : Math.min(step, course.total)
  const now = scoresAt(course, shown)
  const seats = now.map((_, seat) => seat)
  // a line a seat: each score holds until the move that changes it, then steps
  const path = (seat: number) => course.points.map((p, i) => {
    const next = course.points[i + 1]?.step ?? p.step
    return `${i === 0 ? 'M' : 'L'}${x(p.step).toFixed(1)},${y(p.scores[seat]).toFixed(1)} H${x(next).toFixed(1)}`
  }).join(' ')
  const go = onGo ? (e: MouseEvent) => {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect()
    const at = Math.round(((e.clientX - box.left - MARGIN.left) / inner) * total)
    onGo(Math.max(0, Math.min(course.total, at)))
  } : undefined
  const said = seats.map((s) => `${names[s] ?? ''} ${now[s]}`).join(marksOf(lang).names)
  // what the points count, in the game's own word (Star Road's HP), where it is not a score
  const what = course.label ? catalog.label(course.label) : null
  const title = what === null ? t('scoreCourse') : t('scoreCourseOf', { what })
  const label = what === null ? t('scoreCourseLabel', { scores: said }) : t('scoreCourseOfLabel', { what, scores: said })
  return (
    <section class="card score-course" id="score-course" aria-labelledby="score-course-title">
      <h3 id="score-course-title">{title}</h3>
      <div class="chart" ref={attach}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={label}
            class={go ? 'clickable' : undefined} onClick={go}>
            {lines.map((v) => (
              <g class="gridline">
                <line x1={MARGIN.left} x2={MARGIN.left + inner} y1={y(v)} y2={y(v)} />
                <text x={MARGIN.left - 5} y={y(v) + 4} text-anchor="end">{v}</text>
              </g>
            ))}
            <text class="axis" x={MARGIN.left} y={HEIGHT - 6}>{t('scoreCourseStart')}</text>
            <text class="axis" x={MARGIN.left + inner} y={HEIGHT - 6} text-anchor="end">{t('scoreCourseEnd', { n: course.total })}</text>
            {step !== null && <line class="now" x1={x(shown)} x2={x(shown)} y1={MARGIN.top} y2={HEIGHT - MARGIN.bottom} />}
            {seats.map((s) => <path class="course" d={path(s)} stroke={colours[s]} data-seat={s} />)}
            {seats.map((s) => <SeatToken seat={s} colour={colours[s]} cx={x(shown)} cy={y(now[s])} r={4.5} stroke="#fffdf8" strokeWidth={1.2} />)}
          </svg>
        )}
      </div>
      <p class="course-now">
        <span class="muted">{shown === course.total ? t('scoreCourseAtEnd')
          : shown === 0 ? t('scoreCourseAtStart') : t('scoreCourseAt', { n: shown })}</span>{' '}
        {seats.map((s) => (
          <span class="course-score" data-seat={s}><SeatDot seat={s} colour={colours[s]} />
            <span style={{ color: inkOf(colours[s]) }}>{names[s]}</span> <strong>{now[s]}</strong></span>
        ))}
      </p>
      {go && <p class="muted">{t('scoreCourseHelp')}</p>}
    </section>
  )
}
