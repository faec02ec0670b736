/** Star Road's companion tools: the score pad (SR-3.5, SR-23.2) and the reference sheet. */
import { registerTools } from '../../../tools/registry'
import { ReferenceSheet } from '../../../tools/Sheets'
import { StarRoadPad } from './pad'
import { StarRoadSheetPage } from './sheet'

registerTools('starroad', {
  pad: { counts: [2, 3, 4, 5, 6, 7, 8], defaultPlayers: 4, component: StarRoadPad },
  reference: { tool: 'sheet', label: 'toolSheet', Page: () => <ReferenceSheet game="starroad" Page={StarRoadSheetPage} /> },
})
