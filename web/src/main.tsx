import { options, render } from 'preact'
import { App } from './app.tsx'
import './style.css'

// At most one render per frame: states that arrive together (several bots moving at once, a
// reconnect's catch-up) are drawn once, as the last of them, instead of once each for frames
// nobody sees. A hidden page has no frames, so it renders at once: the title and the alert that
// tell a player it is their turn must still come while they look at another tab.
options.debounceRendering = (rerender) => {
  if (document.hidden) setTimeout(rerender)
  else requestAnimationFrame(rerender)
}

render(<App />, document.getElementById('app')!)
