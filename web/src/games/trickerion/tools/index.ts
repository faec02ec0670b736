/** Trickerion's companion tools: the score pad (TR-16) and the trick reference. */
import { registerTools } from '../../../tools/registry'
import { TrickerionPad } from './pad'
import { TrickReference } from './TrickReference'

registerTools('trickerion', {
  pad: { counts: [2, 3, 4], defaultPlayers: 3, component: TrickerionPad },
  reference: { tool: 'tricks', label: 'toolTricks', Page: TrickReference },
})
