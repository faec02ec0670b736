/** Skyrise's companion tools: the score pad (SK-12) and the reference sheet. */
import { registerTools } from '../../../tools/registry'
import { ReferenceSheet } from '../../../tools/Sheets'
import { SkyrisePad } from './pad'
import { SkyriseSheetPage } from './sheet'

registerTools('skyrise', {
  pad: { counts: [2, 3, 4], defaultPlayers: 3, component: SkyrisePad },
  reference: { tool: 'sheet', label: 'toolSheet', Page: () => <ReferenceSheet game="skyrise" Page={SkyriseSheetPage} /> },
})
