/** One player's production lines: lines as columns, level 1 at the bottom, each object drawn as its
 * design-chart card (others' face-down objects as backs with what is public), then the ground
 * structures below. */
import type { JsonObject } from '../../api'
import { memo } from '../choosable'
import { FitText, Panel, Spot, colourOf } from '../svg'
import { CARD_H, CARD_W, Icon, ObjectCard, ObjectTip, TipLine } from './Cards'
import { design, effectText, faceName, structure } from './faces'
import { list, type StarRoadEnv } from './parts'

/** A card slot on the lines: the object (own: its face; others': its face once public, else its back). */
function Slot({ p, o, seat, line, level, x, y, scale, pickable }: {
  p: StarRoadEnv; o: JsonObject | undefined; seat: number; line: number; level: number; x: number; y: number; scale: number; pickable: boolean
}) {
  const key = `level=${level},line=${line}`
  const id = pickable ? key : null
  const face = o ? design(p, o.no) : null
  const where = `${p.catalog.seat(seat)} · ${p.catalog.label('line')} ${line} · ${p.catalog.label('level')} ${level}`
  const label = o ? `${where} · ${face ? faceName(p, face, o.no) : p.catalog.label('hidden_object')}` : `${where} · ${p.catalog.label('empty_slot')}`
  return (
    <Spot id={id} p={p} label={label} field={pickable ? 'line' : undefined} piece={o ? `obj-${seat}-${line}-${level}` : undefined}
      tip={o ? <ObjectTip p={p} face={face} state={o} extra={[where]} /> : undefined}>
      <rect x={x - 2} y={y - 2} width={CARD_W * scale + 4} height={CARD_H * scale + 4} rx={6} fill={o ? 'none' : '#f4f1ea'} stroke={o ? 'none' : '#c9b99c'} stroke-dasharray={o ? undefined : '4 3'}
        data-slot={`${seat}/${line}/${level}`} />
      {o ? (
        <g data-object={`${seat}/${line}/${level}`} data-hidden={face ? undefined : 'true'}>
          <ObjectCard p={p} face={face} state={o} x={x} y={y} scale={scale} no={o.no as string | null} />
        </g>
      ) : <FitText x={x + (CARD_W * scale) / 2} y={y + (CARD_H * scale) / 2} width={CARD_W * scale - 8} size={11} text={p.catalog.label('empty_slot')} fill="#a89a80" />}
    </Spot>
  )
}

/** A seat's production lines and ground structures (`lines` columns, `objects` and `ground` as the view
 * holds them). `pickable`: a legal move names a line and level of these lines (its slots are clickable);
 * `changed`: the objects or structures changed with the last state. */
export const Lines = memo(function Lines({ p, seat, lines, alive, objects, ground, pickable, changed }: {
  p: StarRoadEnv; seat: number; lines: number; alive: boolean; objects: JsonObject[]; ground: JsonObject[]; pickable: boolean; changed: boolean
}) {
  const levels = typeof (p.data.constants as JsonObject | undefined)?.levels === 'number' ? (p.data.constants as JsonObject).levels as number : 2
  const mine = seat === p.seat
  const scale = 0.95
  const cw = CARD_W * scale + 8
  const ch = CARD_H * scale + 8
  const left = 22
  const top = 44
  const groundStructures = mine && p.options.ground_rules === true ? Object.keys((p.data.ground ?? {}) as JsonObject) : ground.map((g) => String(g.no))
  const gy = top + levels * ch + 6
  const w = left + lines * cw + 8
  const h = gy + (groundStructures.length ? 26 + CARD_H * 0.6 + 8 : 0)
  return (
    <Panel w={w} h={h} title={`${p.catalog.seat(seat)}${mine ? p.catalog.aside(p.t('you')) : ''} · ${p.catalog.label('lines')}`} colour={colourOf(p, seat)}
      part="lines" seat={seat} changed={changed}>
      {!alive && <FitText x={w - 10} y={20} width={120} size={12} anchor="end" text={`✝ ${p.catalog.label('eliminated')}`} fill="#6b5a44" />}
      {Array.from({ length: lines }, (_, l) => (
        <FitText x={left + l * cw + cw / 2} y={38} width={cw - 6} size={12} text={`${p.catalog.label('line')} ${l + 1}`} fill="#6b5a44" />
      ))}
      {Array.from({ length: levels }, (_, lv) => {
        const yy = top + (levels - lv - 1) * ch
        return (
          <g>
            <text transform={`translate(14 ${yy + ch / 2}) rotate(-90)`} font-size={11} text-anchor="middle" fill="#6b5a44">{`${p.catalog.label('level')} ${lv + 1}`}</text>
            {Array.from({ length: lines }, (_, l) => (
              <Slot p={p} o={objects.find((o) => o.line === l + 1 && o.level === lv + 1)} seat={seat} line={l + 1} level={lv + 1}
                x={left + l * cw + 4} y={yy + 4} scale={scale} pickable={pickable} />
            ))}
          </g>
        )
      })}
      {groundStructures.length > 0 && <FitText x={left} y={gy + 16} width={200} size={12} anchor="start" text={p.catalog.label('ground')} fill="#6b5a44" font-weight="bold" />}
      {groundStructures.map((no, j) => {
        const built = ground.find((g) => g.no === no)
        const face = structure(p, no)
        const name = faceName(p, face, no)
        const lines2 = [`${p.catalog.label('cost')} ${String(face?.cost ?? '')} [W]`, ...(face ? list(face.effects).map((e) => effectText(p, e)) : [])]
        const x = left + j * (CARD_W * 1.4 + 10)
        return (
          <Spot id={mine ? no : null} p={p} label={name} field={mine ? 'no' : undefined}
            tip={<div class="sr-tip"><strong>{name}</strong>{lines2.map((l) => <TipLine p={p} text={l} />)}{built && <TipLine p={p} text={`[W] ${String(built.w)}`} />}</div>}>
            <rect x={x} y={gy + 24} width={CARD_W * 1.4} height={CARD_H * 0.6} rx={6} fill={built?.complete === true ? '#e6f2e1' : built ? '#fff3c4' : '#f4f1ea'} stroke="#8a7558"
              stroke-dasharray={built ? undefined : '4 3'} data-ground={no} />
            <FitText x={x + CARD_W * 0.7} y={gy + 42} width={CARD_W * 1.3} size={12} text={name} font-weight="bold" />
            <FitText x={x + CARD_W * 0.7} y={gy + 58} width={CARD_W * 1.3} size={10} text={lines2[1] ?? ''} fill="#4e4472" />
            <Icon kind="w" x={x + 6} y={gy + 64} size={14} />
            <text x={x + 24} y={gy + 76} font-size={12} font-weight="bold">{built ? `${String(built.w)}/${String(face?.cost ?? '')}` : String(face?.cost ?? '')}</text>
            {built?.complete === true && <text x={x + CARD_W * 1.4 - 8} y={gy + 76} font-size={13} text-anchor="end" fill="#2b6a2b">✓</text>}
          </Spot>
        )
      })}
    </Panel>
  )
})
