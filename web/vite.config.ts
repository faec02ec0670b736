import { createHash } from 'node:crypto'
import preact from '@preact/preset-vite'
import { defineConfig, type Plugin } from 'vite'

const WORKER = 'sw.js'

/** The tools' service worker (src/worker/sw.ts) is built to /sw.js (a fixed name at the root, so its scope is
 * the whole origin without a Service-Worker-Allowed header) with the build's file list to precache and a
 * version that changes whenever a file does (a new cache; the old one is dropped on activation). */
function serviceWorker(): Plugin {
  return {
    name: 'parlor-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = bundle[WORKER]
      if (!worker || worker.type !== 'chunk') {
        this.error(`${WORKER} was not built`)
        return
      }
      const files = Object.keys(bundle).filter((f) => f !== WORKER && f.startsWith('assets/')).sort().map((f) => `/${f}`)
      const version = createHash('sha256').update(files.join('\n')).update(worker.code).digest('hex').slice(0, 12)
      worker.code = `const PRECACHE = ${JSON.stringify(files)};\nconst VERSION = ${JSON.stringify(version)};\n${worker.code}`
    },
  }
}

// The build lands in the server's static folder; `npm run dev` proxies the API to `parlor serve`.
export default defineConfig({
  plugins: [preact(), serviceWorker()],
  build: {
    outDir: '../src/parlor/server/static',
    emptyOutDir: true,
    rollupOptions: {
      input: { main: 'index.html', sw: 'src/worker/sw.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? WORKER : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/ws': { target: 'ws://127.0.0.1:8000', ws: true },
    },
  },
})
