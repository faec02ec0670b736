/** The table's chat: players and spectators, kept with the table; shown beside the log. */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ChatEntry } from '../api'
import { useI18n } from '../i18n'
import { inkOf } from '../ink'

export function Chat({ messages, colours, seat, say, connected }: {
  messages: ChatEntry[]; colours: string[]; seat: number | null; say: (text: string, name?: string) => void; connected: boolean
}) {
  const { t } = useI18n()
  const [text, setText] = useState('')
  const [name, setName] = useState(() => localStorage.getItem('parlor.name') ?? '')
  const box = useRef<HTMLOListElement>(null)
  useEffect(() => {
    const el = box.current
    if (el) el.scrollTop = el.scrollHeight
  }, [messages.length])
  const submit = (e: Event) => {
    e.preventDefault()
    const said = text.trim()
    if (!said) return
    if (seat === null) {
      const who = name.trim() || t('spectatorName')
      localStorage.setItem('parlor.name', name.trim())
      say(said, who)
    } else say(said)
    setText('')
  }
  return (
    <section class="card chat" aria-label={t('chat')}>
      <h3>{t('chat')}</h3>
      <ol ref={box} id="chat-messages">
        {messages.length === 0 && <li class="muted">{t('noChat')}</li>}
        {messages.map((m) => (
          <li data-chat={m.id}>
            <strong style={{ color: m.seat !== null ? inkOf(colours[m.seat]) : 'inherit' }}>{m.name}</strong>{' '}
            <span class="chat-text">{m.text}</span>
          </li>
        ))}
      </ol>
      <form class="chat-form" onSubmit={submit}>
        {seat === null && (
          <input class="chat-name" aria-label={t('chatName')} placeholder={t('chatName')} value={name} maxLength={40}
            onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
        )}
        <input id="chat-input" aria-label={t('chat')} placeholder={t('chatPlaceholder')} value={text} maxLength={500}
          onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} />
        <button type="submit" id="chat-send" disabled={!connected || !text.trim()}>{t('send')}</button>
      </form>
    </section>
  )
}
