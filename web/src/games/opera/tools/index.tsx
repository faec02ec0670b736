/** Opera's companion tools: the score pad (OP-13) and the reference sheet. */
import { registerTools } from '../../../tools/registry'
import { ReferenceSheet } from '../../../tools/Sheets'
import { OperaPad } from './pad'
import { OperaSheetPage } from './sheet'

registerTools('opera', {
  pad: { counts: [2, 3, 4], defaultPlayers: 3, component: OperaPad },
  reference: { tool: 'sheet', label: 'toolSheet', Page: () => <ReferenceSheet game="opera" Page={OperaSheetPage} /> },
})
