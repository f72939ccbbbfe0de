/**
 * The message composer: Enter sends, Shift+Enter breaks the line; up to 5 photos attached (previews, removable) and
 * sent with a progress bar; the server's Russian refusal (limits, blocking, a deleted account) shown under it.
 */
import { ActionIcon, CloseButton, FileButton, Group, Progress, Text, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { MESSAGE_PHOTOS_MAX, MESSAGE_TEXT_MAX, type ChatMessage } from '@vitrina/contract/chats';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { sendMessage } from './api';
import classes from './messenger.module.css';

export function Composer({ chat, onSent }: { chat: number; onSent: (m: ChatMessage) => void }) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const attach = (picked: File[]) => {
    const all = [...files, ...picked];
    if (all.length > MESSAGE_PHOTOS_MAX) setError(`Не больше ${MESSAGE_PHOTOS_MAX} фото в одном сообщении.`);
    setFiles(all.slice(0, MESSAGE_PHOTOS_MAX));
  };

  const send = async () => {
    const body = text.trim();
    if ((!body && !files.length) || progress !== null) return;
    if (body.length > MESSAGE_TEXT_MAX) {
      setError(`Сообщение — не больше ${MESSAGE_TEXT_MAX} символов.`);
      return;
    }
    setError(null);
    setProgress(0);
    const res = await sendMessage(chat, body, files, setProgress);
    setProgress(null);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    setText('');
    setFiles([]);
    onSent(res.data);
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <div className={classes.composer}>
      {files.length > 0 && (
        <Group gap={6} mb={8}>
          {previews.map((src, i) => (
            <div key={src} className={classes.preview}>
              <img src={src} alt={`Фото ${i + 1}`} />
              <CloseButton
                size="xs"
                pos="absolute"
                top={-6}
                right={-6}
                radius="xl"
                variant="filled"
                aria-label={`Убрать фото ${i + 1}`}
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              />
            </div>
          ))}
        </Group>
      )}
      {progress !== null && files.length > 0 && (
        <Progress value={progress} size="sm" mb={8} aria-label="Загрузка фото" animated />
      )}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <FileButton onChange={attach} accept="image/jpeg,image/png,image/webp,image/heic,image/heif" multiple>
          {(props) => (
            <ActionIcon {...props} variant="subtle" color="ink.7" size={40} aria-label="Прикрепить фото">
              <IconPaperclip size={22} stroke={1.6} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          autosize
          minRows={1}
          maxRows={6}
          placeholder="Сообщение"
          aria-label="Сообщение"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKey}
          data-testid="composer"
        />
        <ActionIcon
          size={40}
          color="coral.6"
          variant="filled"
          aria-label="Отправить"
          onClick={() => void send()}
          loading={progress !== null}
          disabled={!text.trim() && !files.length}
        >
          <IconSend size={20} stroke={1.8} />
        </ActionIcon>
      </Group>
      {error && (
        <Text fz="sm" c="red.8" mt={6} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
