/** The live table: one WebSocket per page, said hello to with the seat token, reopened after a
 * drop with growing pauses, resuming the log from the last index held (`since` + `epoch`).
 *
 * A move clicked while the connection is down is kept (never silently dropped) and sent when the
 * connection is back, if the table is still where it was when the move was chosen; otherwise it is
 * refused with a clear message (`dropped`). Chat messages travel on the same socket. */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ChatEntry, ChatMessage, ErrorMessage, JsonObject, LogEntry, Move, StateMessage } from './api'
import { applyViewDelta, type ViewDelta } from './viewDelta'

export interface Live {
  state: StateMessage | null
  previous: StateMessage | null
  log: LogEntry[]
  chat: ChatEntry[]
  connected: boolean
  error: ErrorMessage | null
  /** the index of the move sent and not yet answered */
  pending: number | null
  /** a move chosen while disconnected, waiting to be sent */
  queued: Move | null
  /** a queued move that could not be sent because the table moved on meanwhile */
  dropped: Move | null
  /** the server's clock minus ours, in seconds (for counting clocks down) */
  skew: number
  send: (move: Move) => void
  say: (text: string, name?: string) => void
  clearDropped: () => void
}

export function socketUrl(table: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(table)}`
}

export function useLive(table: string, token: string | null): Live {
  const [state, setState] = useState<StateMessage | null>(null)
  const [previous, setPrevious] = useState<StateMessage | null>(null)
  const [log, setLog] = useState<LogEntry[]>([])
  const [chat, setChat] = useState<ChatEntry[]>([])
  const [connected, setConnected] = useState(false)
  const [error, setError] = useState<ErrorMessage | null>(null)
  const [pending, setPending] = useState<number | null>(null)
  const [queued, setQueued] = useState<Move | null>(null)
  const [dropped, setDropped] = useState<Move | null>(null)
  const [skew, setSkew] = useState(0)
  const ws = useRef<WebSocket | null>(null)
  const held = useRef<{ index: number; epoch: number | null; state: StateMessage | null }>({ index: 0, epoch: null, state: null })
  const waiting = useRef<{ move: Move; index: number; epoch: number | null } | null>(null)

  useEffect(() => {
    let closed = false
    let retry = 0
    let timer: number | undefined
    let ping: number | undefined
    held.current = { index: 0, epoch: null, state: null }
    waiting.current = null
    setState(null)
    setLog([])
    setChat([])

    const sendWaiting = (sock: WebSocket, m: StateMessage) => {
      const w = waiting.current
      if (!w) return
      waiting.current = null
      setQueued(null)
      if (w.index === m.index && (w.epoch === null || w.epoch === m.epoch) && m.legal.some((l) => JSON.stringify(l.move) === JSON.stringify(w.move))) {
        sock.send(JSON.stringify({ move: w.move, index: w.index }))
        setPending(w.index)
      } else {
        setDropped(w.move)
      }
    }

    const open = () => {
      const sock = new WebSocket(socketUrl(table))
      ws.current = sock
      let lastView: JsonObject | null = null // what a view_delta on this socket applies to
      sock.onopen = () => {
        sock.send(JSON.stringify({ token, since: held.current.index, epoch: held.current.epoch, deltas: true }))
        ping = window.setInterval(() => sock.readyState === WebSocket.OPEN && sock.send('{"type":"ping"}'), 25000)
      }
      sock.onmessage = (ev) => {
        const m = JSON.parse(String(ev.data)) as (StateMessage & { view_delta?: ViewDelta }) | ErrorMessage | ChatMessage | { type: 'pong' }
        if (m.type === 'state') {
          if (m.view_delta) {
            if (lastView === null) { sock.close(); return } // cannot happen: reconnect for a whole view
            m.view = applyViewDelta(lastView, m.view_delta)
            delete m.view_delta
          }
          lastView = m.view
          retry = 0
          setConnected(true)
          setError(null)
          setPending(null)
          if (typeof m.now === 'number') setSkew(m.now - Date.now() / 1000)
          setPrevious(held.current.state)
          held.current = { index: m.index, epoch: m.epoch, state: m }
          setState(m)
          setLog((old) => (m.reset || m.log_from === 0 ? m.log : [...old.filter((e) => e.index < m.log_from), ...m.log]))
          sendWaiting(sock, m)
        } else if (m.type === 'chat') {
          setChat((old) => (m.reset ? m.messages : [...old, ...m.messages.filter((x) => !old.some((o) => o.id === x.id))]))
        } else if (m.type === 'error') {
          setPending(null)
          setError(m)
          if (m.code === 'bad_token' || m.code === 'not_found') closed = true
        }
      }
      sock.onclose = () => {
        window.clearInterval(ping)
        setConnected(false)
        setPending(null)
        if (closed) return
        retry += 1
        timer = window.setTimeout(open, Math.min(2000, 250 * 2 ** Math.min(retry, 3)))
      }
    }
    open()
    return () => {
      closed = true
      window.clearTimeout(timer)
      window.clearInterval(ping)
      ws.current?.close()
    }
  }, [table, token])

  const send = (move: Move) => {
    const sock = ws.current
    const index = held.current.index
    if (!sock || sock.readyState !== WebSocket.OPEN) {
      waiting.current = { move, index, epoch: held.current.epoch }
      setQueued(move)
      setDropped(null)
      return
    }
    sock.send(JSON.stringify({ move, index }))
    setPending(index)
  }
  const say = (text: string, name?: string) => {
    const sock = ws.current
    if (sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify({ type: 'chat', text, ...(name ? { name } : {}) }))
  }
  return { state, previous, log, chat, connected, error, pending, queued, dropped, skew, send, say, clearDropped: () => setDropped(null) }
}
