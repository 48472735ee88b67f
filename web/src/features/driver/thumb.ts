import './thumb.css';

/** Every target of the driver's page and its dialogs at least 44 × 44 px (thumb.css). */
export const thumbSized = 'thumb-sized';
