import { createContext, useContext } from 'react';
import { fileById } from '../file-store';

/** Where the view reads the scene's files: the editor's own store, or the files of a shared scene. */
export type FileSource = (id: string) => Promise<File | undefined>;

export const FileSourceContext = createContext<FileSource>(fileById);
export const useFileSource = () => useContext(FileSourceContext);
