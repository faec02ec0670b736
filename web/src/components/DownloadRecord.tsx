/** A finished game's record as a file (`GET /api/tables/{id}/record/file`: the whole record, which
 * replays exactly, with the players' names in the page's language), for the terminal:
 * `parlor replay FILE --seat N --analyse`. The server writes it: the page's own JSON numbers would round
 * the record's seed. */
import { useI18n } from '../i18n'

export function DownloadRecord({ table }: { table: string }) {
  const { t, lang } = useI18n()
  return (
    <a class="button" id="download-record" href={`/api/tables/${encodeURIComponent(table)}/record/file?lang=${lang}`}
      download title={t('downloadRecordHelp')}>{t('downloadRecord')}</a>
  )
}
