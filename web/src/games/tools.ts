/** Every game's companion tools (score pad, reference), registered in the order the tools index lists them. */
import './trickerion/tools'
import './opera/tools'
import './skyrise/tools'
import './starroad/tools'
