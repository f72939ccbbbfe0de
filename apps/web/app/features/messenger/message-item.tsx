/** One message of a thread: a person's bubble (text, photos that open full size, time, «прочитано»), a system line, or an offer. */
import type { Chat, ChatMessage } from '@vitrina/contract/chats';
import classes from './messenger.module.css';
import { OfferCard } from './offer-card';
import { timeLabel } from './rules';

export function MessageItem({
  message: m,
  chat,
  me,
  showRead,
  showOffer,
}: {
  message: ChatMessage;
  chat: Chat;
  me: number;
  /** The last of the reader's own messages: says «прочитано» once the other side read it. */
  showRead: boolean;
  /** The message that made its offer: the offer's card stands for its text. */
  showOffer: boolean;
}) {
  if (m.author === null)
    return (
      <div className={classes.row} data-system>
        <div className={classes.system}>{m.text}</div>
      </div>
    );
  const own = m.author === me;
  return (
    <div className={classes.row} data-own={own || undefined} data-testid="message">
      <div className={classes.bubble}>
        {showOffer && m.offer && <OfferCard offer={m.offer} chat={chat} />}
        {m.photos.length > 0 && (
          <div className={classes.photos}>
            {m.photos.map((p) => (
              <a key={p.url} href={p.url_large} target="_blank" rel="noreferrer" aria-label="Открыть фото полностью">
                <img className={classes.photo} src={p.url_small} srcSet={p.srcset} sizes="160px" alt="" />
              </a>
            ))}
          </div>
        )}
        {m.erased ? <em>Сообщение удалено</em> : showOffer ? null : m.text}
        <div className={classes.meta}>
          {timeLabel(m.created_at)}
          {own && showRead && m.read ? ' · прочитано' : ''}
        </div>
      </div>
    </div>
  );
}
