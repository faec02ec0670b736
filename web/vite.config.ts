import preact from '@preact/preset-vite'
import { defineConfig } from 'vite'

// The build lands in the server's static folder; `npm run dev` proxies the API to `parlor serve`.
export default defineConfig({
  plugins: [preact()],
  build: { outDir: '../src/parlor/server/static', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/ws': { target: 'ws://127.0.0.1:8000', ws: true },
    },
  },
})
