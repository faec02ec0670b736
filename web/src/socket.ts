/** The live table: one WebSocket per page, said hello to with the seat token, reopened after a
 * drop with growing pauses, resuming the log from the last index held (`since` + `epoch`). */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ErrorMessage, LogEntry, Move, StateMessage } from './api'

export interface Live {
  state: StateMessage | null
  previous: StateMessage | null
  log: LogEntry[]
  connected: boolean
  error: ErrorMessage | null
  pending: number | null
  send: (move: Move) => void
}

export function socketUrl(table: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${proto}//${location.host}/ws/tables/${encodeURIComponent(table)}`
}

export function useLive(table: string, token: string | null): Live {
  const [state, setState] = useState<StateMessage | null>(null)
  const [previous, setPrevious] = useState<StateMessage | null>(null)
  const [log, setLog] = useState<LogEntry[]>([])
  const [connected, setConnected] = useState(false)
  const [error, setError] = useState<ErrorMessage | null>(null)
  const [pending, setPending] = useState<number | null>(null)
  const ws = useRef<WebSocket | null>(null)
  const held = useRef<{ index: number; epoch: number | null; state: StateMessage | null }>({ index: 0, epoch: null, state: null })

  useEffect(() => {
    let closed = false
    let retry = 0
    let timer: number | undefined
    let ping: number | undefined
    held.current = { index: 0, epoch: null, state: null }
    setState(null)
    setLog([])

    const open = () => {
      const sock = new WebSocket(socketUrl(table))
      ws.current = sock
      sock.onopen = () => {
        sock.send(JSON.stringify({ token, since: held.current.index, epoch: held.current.epoch }))
        ping = window.setInterval(() => sock.readyState === WebSocket.OPEN && sock.send('{"type":"ping"}'), 25000)
      }
      sock.onmessage = (ev) => {
        const m = JSON.parse(String(ev.data)) as StateMessage | ErrorMessage | { type: 'pong' }
        if (m.type === 'state') {
          retry = 0
          setConnected(true)
          setError(null)
          setPending(null)
          setPrevious(held.current.state)
          held.current = { index: m.index, epoch: m.epoch, state: m }
          setState(m)
          setLog((old) => (m.reset || m.log_from === 0 ? m.log : [...old.filter((e) => e.index < m.log_from), ...m.log]))
        } else if (m.type === 'error') {
          setPending(null)
          setError(m)
          if (m.code === 'bad_token' || m.code === 'not_found') closed = true
        }
      }
      sock.onclose = () => {
        window.clearInterval(ping)
        setConnected(false)
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
    if (!sock || sock.readyState !== WebSocket.OPEN) return
    sock.send(JSON.stringify({ move, index }))
    setPending(index)
  }
  return { state, previous, log, connected, error, pending, send }
}
