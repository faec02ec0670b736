/** The unified design chart to produce from (every design as its card, with what the keywords' signs
 * mean), and the objects that left play. */
import type { Json } from '../../api'
import { memo } from '../choosable'
import { FitText, Panel, Spot, colourOf } from '../svg'
import { CARD_H, CARD_W, KeywordSign, ObjectCard, ObjectTip } from './Cards'
import { KEYWORDS, design, designs, faceName } from './faces'
import type { StarRoadEnv } from './parts'

/** The unified design chart: every design this table may produce, as its card; click one to produce it. */
export const Chart = memo(function Chart({ p, narrow }: { p: StarRoadEnv; narrow: boolean }) {
  const all = designs(p)
  const cols = narrow ? 4 : 8
  const scale = 0.82
  const cw = CARD_W * scale + 6
  const chh = CARD_H * scale + 6
  const w = 12 + cols * cw
  const rows = Math.ceil(all.length / cols)
  const legendColumns = narrow ? 2 : 4
  const legendWidth = (w - 16) / legendColumns
  const h = 34 + rows * chh + Math.ceil(KEYWORDS.length / legendColumns) * 22
  return (
    <Panel w={w} h={h} title={p.catalog.label('chart')} part="chart" changed={false}>
      {/* what the keywords' signs on the cards mean */}
      <g data-part="keyword-legend">
        {KEYWORDS.map((kind, i) => {
          const x = 8 + (i % legendColumns) * legendWidth
          const y = 30 + rows * chh + Math.floor(i / legendColumns) * 22
          return (
            <g>
              <g transform={`translate(${x} ${y})`}><KeywordSign kind={kind} /></g>
              <FitText x={x + 20} y={y + 12} width={legendWidth - 24} size={12} anchor="start" text={p.catalog.label(kind)} />
            </g>
          )
        })}
      </g>
      {all.map((face, j) => {
        const no = String(face.no)
        const x = 8 + (j % cols) * cw
        const y = 30 + Math.floor(j / cols) * chh
        return (
          <Spot id={no} p={p} label={faceName(p, face, no)} field="no" tip={<ObjectTip p={p} face={face} />}>
            <rect x={x - 1} y={y - 1} width={CARD_W * scale + 2} height={CARD_H * scale + 2} rx={6} fill="none" stroke="none" />
            <ObjectCard p={p} face={face} x={x} y={y} scale={scale} />
          </Spot>
        )
      })}
    </Panel>
  )
})

/** Objects that left play (destroyed, used up, returned), face up, under their owner's colour. */
export const LeftPlay = memo(function LeftPlay({ p, left: gone, narrow }: { p: StarRoadEnv; left: Json | undefined; narrow: boolean }) {
  const left = (Array.isArray(gone) ? gone : []) as [number, string][]
  if (!left.length) return null
  const scale = 0.5
  const cols = narrow ? 6 : 12
  const cw = CARD_W * scale + 6
  const recent = left.slice(-24)
  const w = 16 + cols * cw
  const h = 34 + Math.ceil(recent.length / cols) * (CARD_H * scale + 12)
  return (
    <Panel w={w} h={h} title={`${p.catalog.label('left_play')}${p.catalog.aside(String(left.length))}`} part="left-play">
      {recent.map(([seat, no], j) => {
        const x = 8 + (j % cols) * cw
        const y = 30 + Math.floor(j / cols) * (CARD_H * scale + 12)
        const face = design(p, no)
        return (
          <Spot id={null} p={p} label={`${p.catalog.seat(seat)} · ${faceName(p, face, no)}`} tip={<ObjectTip p={p} face={face} extra={[p.catalog.seat(seat)]} />}>
            <rect x={x - 1} y={y + CARD_H * scale + 1} width={CARD_W * scale + 2} height={5} rx={2} fill={colourOf(p, seat)} />
            <ObjectCard p={p} face={face} x={x} y={y} scale={scale} />
          </Spot>
        )
      })}
    </Panel>
  )
})
