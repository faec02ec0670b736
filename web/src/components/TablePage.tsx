/** The table: a status line saying who must do what (with the choices that have no board element,
 * undo and confirm), the game's own board, the players' panels, the log and the chat; settings, the
 * rules and a review of the game so far open beside it. */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks'
import { api, claims, type ErrorMessage, type Json, type Legal, type Move, type TableInfo, ApiError } from '../api'
import { type Catalog, useCatalog } from '../catalog'
import { changedPaths } from '../diff'
import { useFlip } from '../flip'
import { useGameData, useLiveScore } from '../gamedata'
import { coloursFor, gameUI, hasOwnLooks, scoresFor, stepFor, withPlaces } from '../games'
import { ChoosableBoard, useFreshParts, useSettle, useSteady } from '../games/choosable'
import type { BoardProps } from '../games/types'
import { errorText, type I18n, useI18n } from '../i18n'
import { playerNames, useWords } from '../naming'
import { useTurnAlert } from '../alerts'
import { reasonText } from '../problems'
import { href } from '../route'
import { useSettings } from '../settings'
import { useLive } from '../socket'
import { Chat } from './Chat'
import { CoachNote, useCoach } from './Coach'
import { useServerNow } from './Clock'
import { Decision, numericKey } from './Decision'
import { hintWords } from './PastHint'
import { GenericView } from './GenericView'
import { Log } from './Log'
import { PlayerPanels } from './PlayerPanels'
import { Review } from './Review'
import { RulesPanel } from './RulesPanel'
import { FinalResult } from './Scores'
import { Names, Sentence } from './Sentence'
import { SeatControls, SettingsPanel } from './TableControls'

/** Every string a legal move names: those board elements become clickable. */
function targetsOf(legal: Legal[]): Set<string> {
  const out = new Set<string>()
  for (const l of legal) {
    for (const [k, v] of Object.entries(l.move)) {
      if (k === 'kind') continue
      const add = (x: Json) => typeof x === 'string' && out.add(x)
      if (Array.isArray(v)) v.forEach(add)
      else add(v)
    }
    // numbers (a seat, a line and level) as `field=value` keys: each alone and all together
    const nums = numericKey(l.move)
    if (nums) {
      out.add(nums)
      for (const part of nums.split(',')) out.add(part)
    }
  }
  return out
}

/** The move a tried board element would make, from a legal move that has its field: a spot named by
 * numbers (`level=2,line=1`, `seat=3`: Star Road's slots and seats) fills each of them; a plain id fills
 * `field`, as a number only where the legal move has a number there (a design number stays text). */
function probeOf(like: Move, field: string, target: string): Move {
  if (/^\w+=-?\d+(,\w+=-?\d+)*$/.test(target)) {
    const fields = Object.fromEntries(target.split(',').map((pair) => pair.split('=')).map(([k, v]) => [k, Number(v)]))
    return { ...like, ...fields }
  }
  const numeric = typeof like[field] !== 'string' && /^-?\d+$/.test(target)
  return { ...like, [field]: numeric ? Number(target) : target }
}

function Invites({ table, open, names }: { table: string; open: number[]; names: string[] }) {
  const { t } = useI18n()
  const [copied, setCopied] = useState<number | null>(null)
  const mine = claims.get(table)
  return (
    <section class="card invites" aria-label={t('invite')}>
      <h3>{t('invite')}</h3>
      <p class="muted">{t('inviteHint')}</p>
      <ul>
        {open.map((s) => {
          const link = `${location.origin}${location.pathname}${href.join(table, s)}`
          return (
            <li>
              <span>{names[s]}</span>
              <input readOnly value={link} class="invite-link" data-seat={s} aria-label={names[s]} data-no-scan
                onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
              <button type="button" onClick={() => {
                navigator.clipboard?.writeText(link).then(() => setCopied(s), () => undefined)
              }}>{copied === s ? t('copied') : t('copy')}</button>
              {!mine && <a class="button" href={href.join(table, s)}>{t('join')}</a>}
            </li>
          )
        })}
      </ul>
      {/* the terminal's client takes the same links (docs/terminal.md, "At an online table"); the
          table's own link there takes the first open seat */}
      <p class="muted invite-terminal">{t('inviteTerminal')}{' '}
        <code data-no-scan>parlor join '{location.origin}{location.pathname}{href.table(table)}'</code></p>
    </section>
  )
}

/** A notice above the board, worded when drawn: a "Why not?" tapped just after switching language
 * reads in the new language once its catalog arrives, not in the one the tap found. */
type Notice = { kind: 'info' | 'error' | 'why' | 'hint'; words: (t: I18n['t'], catalog: Catalog) => string; rule?: string } | null

/** "Not allowed (OP-9.3.1): <the rule>", or the rule's ID alone where the catalog has no sentence for it
 * (the rules panel holds every rule). */
const forbiddenBy = (rule: string) => (t: I18n['t'], catalog: Catalog): string => {
  const sentence = catalog.rule(rule)
  return sentence ? t('notAllowedRule', { rule, text: sentence }) : t('notAllowedByRule', { rule })
}

/** A refusal over the socket in the page's language: an illegal move by its rule's words, another by its
 * case (`reason`, with its params), else by its code; never the server's English `message`. */
function refusalText(t: I18n['t'], catalog: Catalog, error: ErrorMessage): string {
  const rule = error.reason === 'illegal_move' ? error.params?.rule : undefined
  const ruleText = typeof rule === 'string' ? catalog.rule(rule) : null
  if (typeof rule === 'string' && ruleText) return t('notAllowedRule', { rule, text: ruleText })
  return reasonText(catalog, { reason: error.reason ?? null, params: error.params }) ?? errorText(t, error.code)
}

/** The kinds of move that decide nothing (as core/moves.py `PASSING`). */
const PASSING = ['pass', 'done', 'decline']

/** How long a pass sent for the player waits: the decision that asked them shows for a moment. */
const AUTO_PASS_MS = 700

export function TablePage({ id, rules = false }: { id: string; rules?: boolean }) {
  const { t, lang } = useI18n()
  const [info, setInfo] = useState<TableInfo | null>(null)
  const [missing, setMissing] = useState('')
  const [claim, setClaim] = useState(() => claims.get(id))
  const [pick, setPick] = useState<string | null>(null)
  const [staged, setStaged] = useState<Move | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const [hint, setHint] = useState<{ index: number; move: string } | null>(null)
  const indexNow = useRef(-1)  // the position shown now: a hint that answers an older one is dropped
  // opened from "Learn it against a bot": the rules first (the address then names the table alone, so
  // that a reload or a shared link opens the table as any other)
  const [panel, setPanel] = useState<'none' | 'rules' | 'settings' | 'review'>(rules ? 'rules' : 'none')
  useEffect(() => {
    if (rules) history.replaceState(null, '', href.table(id))
  }, [])
  const [sideTab, setSideTab] = useState<'log' | 'chat'>('log')
  const [zoom, setZoom] = useState(1)
  const [details, setDetails] = useState(false)
  const [settings, setSettings] = useSettings()
  const boardRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    api.table(id).then(setInfo).catch((e: ApiError) => setMissing(errorText(t, e.code)))
  }, [id])
  const live = useLive(id, claim?.token ?? null)
  const state = live.state
  useEffect(() => {
    if (live.error?.code === 'bad_token') {
      claims.forget(id)
      setClaim(null)
    }
  }, [live.error])
  useEffect(() => {
    setPick(null)
    setStaged(null)
    setNotice((was) => (was?.kind === 'hint' ? null : was))  // a hint answers the position it was asked in
  }, [state?.index, state?.epoch])
  useEffect(() => {
    if (notice?.kind !== 'error') return
    const timer = window.setTimeout(() => setNotice(null), 8000)
    return () => window.clearTimeout(timer)
  }, [notice])
  const seats = state?.seats ?? info?.seats ?? []
  const words = useWords(lang)
  const names = words ? playerNames(seats, words) : seats.map((s) => s.name ?? '')
  const game = info?.game ?? null
  const loadedCatalog = useCatalog(game, lang, names)
  // the same catalog, colours, targets and callbacks from state to state while they do not change:
  // the board's parts are memoized on them (games/choosable.tsx)
  const settle = useSettle()
  const tableCatalog = loadedCatalog && settle('catalog', loadedCatalog, `${loadedCatalog.lang}/${JSON.stringify(loadedCatalog.players)}`)
  const data = useGameData(game)
  const liveScore = useLiveScore(game)
  const changed = useMemo(() => (state?.view && live.previous?.view ? changedPaths(live.previous.view, state.view) : new Set<string>()),
    [state, live.previous])
  const myTurn = !!state && state.legal.length > 0 && state.status === 'running'
  indexNow.current = state?.index ?? -1
  // the tab and a notification name the game in the page's language (the table's own title is English)
  const gameTitle = tableCatalog?.data.ui.title ?? info?.title ?? 'parlor'
  useTurnAlert(myTurn && panel !== 'review', gameTitle, t('titleYourTurn'), t('notifyBody', { game: gameTitle }), settings)
  useFlip(boardRef, `${state?.index}/${state?.epoch}/${lang}`, settings.animations)
  useFreshParts(state?.index ?? -1)
  const deadlines = state?.clock?.deadlines ?? {}
  const now = useServerNow(live.skew, Object.keys(deadlines).length > 0)
  // steady (the same functions every state) and declared before the early returns, as hooks must be
  // a learner's coach at a table against bots (Settings): their decision looked at once their move is in
  const againstBots = claim !== null && seats.length > 1 && seats.every((s) => s.seat === claim.seat || s.kind === 'bot')
  const coach = useCoach(id, claim?.token ?? null, settings.coach && againstBots, state?.index ?? -1, state?.epoch ?? 0)
  const sendNow = (move: Move) => {
    if (state) coach.decide(state.index, state.legal.length)
    live.send(move)
  }
  const send = useSteady((move: Move) => {
    setNotice(null)
    if (settings.confirm) setStaged(move)
    else sendNow(move)
  })
  // a move that decides nothing (a pass, the end of a step, an offer declined: core/moves.py PASSING) that is
  // the player's only legal move and takes nothing back (no undo lost) is sent for them when they ask for it
  // (Settings), after a moment in which the page shows what asked them
  const lonePass = !!state && state.status === 'running' && state.legal.length === 1 && PASSING.includes(state.legal[0].move.kind)
    && !state.can_undo
  const passForMe = lonePass && settings.autoPass && live.pending === null && staged === null
  useEffect(() => {
    if (!passForMe || !state) return
    const timer = window.setTimeout(() => live.send(state.legal[0].move), AUTO_PASS_MS)
    return () => window.clearTimeout(timer)
  }, [passForMe, state?.index, state?.epoch])
  const why = useSteady((field: string, target: string) => {
    if (!claim || !state?.legal.length) {
      setNotice({ kind: 'why', words: (t) => t('notYourTurn') })
      return
    }
    const base = state.legal.find((l) => field in l.move)
    if (!base) {
      setNotice({ kind: 'why', words: (t) => t('notYourChoice') })
      return
    }
    const probe = probeOf(base.move, field, target)
    api.why(id, probe, claim.token).then((r) => {
      if (r.legal) setPick(target)
      else if (r.rule) setNotice({ kind: 'why', words: forbiddenBy(r.rule), rule: r.rule })
      else setNotice({ kind: 'why', words: (t) => t('notYourChoice') })
    }, () => setNotice({ kind: 'why', words: (t) => t('notYourChoice') }))
  })
  if (missing) return <p class="error card" role="alert">{t('notFound')} {missing}</p>
  if (!state || !tableCatalog || !info || !data || !words) return <p class="card">{t('loading')}</p>
  const placed = withPlaces(info.game, tableCatalog, state.view, data)
  const catalog = placed === tableCatalog ? placed : settle('placed', placed, `${placed.lang}/${JSON.stringify(placed.players)}/${JSON.stringify(placed.data.names)}`)

  const mine = state.seat
  const actors = state.actors
  const finished = state.status === 'finished'
  const open = seats.filter((s) => s.kind === 'open').map((s) => s.seat)
  const ui = gameUI(info.game)
  const colours = settle('colours', coloursFor(info.game, seats.length, state.view, data, settings.distinctColours))
  const stepPhrase = catalog.step(stepFor(info.game, state.view))
  const legalForBoard = live.pending === null && staged === null ? state.legal : []
  const fresh = targetsOf(legalForBoard)
  const targets = settle('targets', fresh, [...fresh].join('\n'))

  const boardProps: BoardProps = {
    game: info.game, options: info.options, view: state.view ?? {}, seat: mine, players: seats.length, actors, catalog, t, lang,
    data, colours, legal: legalForBoard, send, why, mode: 'live', changed, targets, onPick: setPick,
  }

  // what tells apart two moves of the same words in the bot's answers (Trickerion's dice)
  const moveDetail = ui.moveDetail
  const detail = moveDetail ? (move: Move) => moveDetail(move, boardProps) : undefined

  const actorNames = <Names seats={actors} names={names} colours={colours} />
  let heading
  if (finished) heading = t('gameOver')
  else if (state.status === 'open') heading = t('waitingForPlayers', { seats: open.map((s) => names[s]).join(catalog.marks.names) })
  else if (state.legal.length) {
    if (!stepPhrase) heading = t('youDecide')
    else heading = actors.length > 1 ? t('youMustSecret', { step: stepPhrase }) : t('youMust', { step: stepPhrase })
  } else if (!stepPhrase) heading = <Sentence template={t('waitingFor')} parts={{ names: actorNames }} />
  else if (actors.length > 1) heading = <Sentence template={t('mustDoSecret')} parts={{ names: actorNames, step: stepPhrase }} />
  else heading = <Sentence template={t('mustDo')} parts={{ name: actorNames, step: stepPhrase }} />

  const undo = () => {
    if (!claim) return
    api.undo(id, claim.token).then(() => setNotice({ kind: 'info', words: (t) => t('undoDone') }),
      (e: ApiError) => setNotice({ kind: 'error', words: (t) => errorText(t, e.code) }))
  }
  // a hint (what the hard bot would play here) for a player learning the game against bots only
  const askHint = () => {
    if (!claim) return
    api.hint(id, claim.token).then((h) => {
      if (h.index !== indexNow.current) return
      setHint({ index: h.index, move: JSON.stringify(h.move) })
      setNotice({ kind: 'hint', words: (t, catalog) => hintWords(t, catalog, h, claim.seat, detail) })
    }, (e: ApiError) => setNotice({ kind: 'error', words: (t) => errorText(t, e.code) }))
  }
  const notes = (
    <>
      {staged && (
        <div class="staged" id="staged-move">
          <span>{t('confirmPrompt')} <strong>{catalog.move(staged, mine)}</strong></span>
          <button type="button" class="primary" id="confirm-move" onClick={() => {
            sendNow(staged)
            setStaged(null)
          }}>{t('confirmMove')}</button>
          <button type="button" id="cancel-move" onClick={() => setStaged(null)}>{t('cancel')}</button>
        </div>
      )}
      {live.queued && <p class="notice info" id="queued-move" role="status">{t('queuedMove')}</p>}
      {live.dropped && <p class="notice error" id="dropped-move" role="alert">{t('droppedMove')}</p>}
      {coach.answer && claim && <CoachNote hint={coach.answer.hint} seat={claim.seat} catalog={catalog} detail={detail}
        onClose={coach.dismiss} />}
      {notice && <p class={`notice ${notice.kind}`} id="notice" role="status" data-rule={notice.rule}>{notice.words(t, catalog)}</p>}
      {state.can_undo && claim && !finished && (
        <button type="button" id="undo" onClick={undo}>{t('undo')}</button>
      )}
      {myTurn && againstBots && <button type="button" id="hint" onClick={askHint}>{t('hint')}</button>}
    </>
  )
  const passing = lonePass && claim && (
    <label class="check auto-pass" for="auto-pass">
      <input id="auto-pass" type="checkbox" checked={settings.autoPass}
        onChange={(e) => setSettings({ autoPass: (e.currentTarget as HTMLInputElement).checked })} />
      {t('autoPassChoice', { move: catalog.move(state.legal[0].move, mine) })}
    </label>
  )
  const ownLooks = hasOwnLooks(info.game)
  const Board = ui.Board
  const side = (
    <>
      <div class="side-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={sideTab === 'log'} id="tab-log" onClick={() => setSideTab('log')}>{t('logTab')}</button>
        <button type="button" role="tab" aria-selected={sideTab === 'chat'} id="tab-chat" onClick={() => setSideTab('chat')}>
          {t('chat')}{live.chat.length > 0 && <span class="count"> {live.chat.length}</span>}
        </button>
      </div>
      <div class={`side-pane side-log${sideTab === 'log' ? ' shown' : ''}`}>
        <Log log={live.log} catalog={catalog} colours={colours} freshFrom={live.previous ? live.previous.index : state.index} />
      </div>
      <div class={`side-pane side-chat${sideTab === 'chat' ? ' shown' : ''}`}>
        <Chat messages={live.chat} colours={colours} seat={mine} say={live.say} connected={live.connected} />
      </div>
    </>
  )
  return (
    <div class={`table-page game-${info.game}`} data-status={state.status} data-index={state.index} data-my-turn={myTurn ? 'yes' : 'no'}>
      <div class="table-head">
        <h2>{tableCatalog.data.ui.title ?? info.title}</h2>
        <span class={`conn ${live.connected ? 'on' : 'off'}`} id="connection">{live.connected ? t('connected') : t('reconnecting')}</span>
        <span>{mine !== null ? <Sentence template={t('youAre')} parts={{ name: <Names seats={[mine]} names={names} colours={colours} /> }} /> : t('spectating')}</span>
        <span class="head-buttons">
          <button type="button" id="open-review" onClick={() => setPanel(panel === 'review' ? 'none' : 'review')} disabled={state.index === 0}>{t('review')}</button>
          <button type="button" id="open-rules" onClick={() => setPanel(panel === 'rules' ? 'none' : 'rules')}>{t('rules')}</button>
          <button type="button" id="open-settings" onClick={() => setPanel(panel === 'settings' ? 'none' : 'settings')}>{t('settings')}</button>
        </span>
        <SeatControls table={id} state={state} claim={claim} setClaim={setClaim} names={names} setNotice={(text) => setNotice({ kind: 'error', words: () => text })}
          where="head" />
      </div>
      {state.problem && <p class="error card" role="alert">{t('broken', { reason: state.problem })}</p>}
      {live.error && !['stale_index', 'bad_token'].includes(live.error.code) && <p class="error card" role="alert" id="refusal" data-code={live.error.code}>{refusalText(t, catalog, live.error)}</p>}
      {panel === 'rules' && <RulesPanel game={info.game} title={tableCatalog.data.ui.title ?? info.title} onClose={() => setPanel('none')} />}
      {panel === 'settings' && (
        <SettingsPanel settings={settings} setSettings={setSettings} details={details} setDetails={setDetails}
          showDetails={ownLooks} onClose={() => setPanel('none')}>
          <SeatControls table={id} state={state} claim={claim} setClaim={setClaim} names={names}
            setNotice={(text) => setNotice({ kind: 'error', words: () => text })} where="settings" />
        </SettingsPanel>
      )}
      {finished && state.result && <FinalResult result={state.result} catalog={catalog} table={id} mine={mine} names={names} colours={colours}
        next={state.next ?? null} claim={claim} />}
      {state.status === 'open' && open.length > 0 && <Invites table={id} open={open} names={names} />}
      {panel === 'review' ? (
        <Review table={id} token={claim?.token ?? null} seat={claim?.seat ?? null} askBot={againstBots} game={info.game} total={state.index} ui={ui} catalog={catalog}
          colours={colours} data={data} options={info.options} seats={seats} names={names} words={words} liveScore={liveScore}
          onClose={() => setPanel('none')} />
      ) : (
        <div class="table-grid">
          <div class="col-side">
          <aside class="area-players" aria-label={t('players')}>
            <PlayerPanels seats={seats} names={names} colours={colours} state={state} scores={scoresFor(info.game, liveScore, state.view)}
              ui={ui} p={boardProps} words={words} now={now} catalog={catalog} />
          </aside>
          <aside class="area-side" aria-label={t('logAndChat')}>{side}</aside>
          </div>
          <div class="col-main">
          <div class="area-status">
            <Decision legal={live.pending === null && staged === null ? state.legal : []} catalog={catalog} seat={mine} send={send}
              pending={live.pending !== null} pick={pick} clearPick={() => setPick(null)} heading={heading} notes={notes}
              looks={{ ui, p: boardProps, colours, hinted: hint !== null && hint.index === state.index ? hint.move : null }}
              after={passing} />
          </div>
          <div class="area-board" id="board">
            <div class="zoom-controls" data-no-scan>
              <button type="button" aria-label={t('zoomOut')} title={t('zoomOut')} onClick={() => setZoom(Math.max(1, zoom - 0.5))} disabled={zoom <= 1}>−</button>
              <button type="button" aria-label={t('zoomIn')} title={t('zoomIn')} onClick={() => setZoom(Math.min(3, zoom + 0.5))} disabled={zoom >= 3}>+</button>
            </div>
            <div class="board-scroll">
              <div class="board-zoom" ref={boardRef} style={{ width: `${zoom * 100}%` }}>
                {state.view && <ChoosableBoard targets={boardProps.targets} legal={legalForBoard}><Board {...boardProps} /></ChoosableBoard>}
              </div>
            </div>
            {details && ownLooks && state.view && (
              <div class="details" data-no-scan><GenericView {...boardProps} /></div>
            )}
          </div>
          </div>
        </div>
      )}
    </div>
  )
}
