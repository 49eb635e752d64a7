// A call or command that deletes files or folders, in the languages the scanner reads: the shared
// "and then deletes" half of the destructive combinations (a walk or a bulk encryption followed by
// deletion, a home folder listed and emptied, a cleanup rooted where its settings file says).
export const FILE_DELETE_CALL =
  /\brm\s|\bshred\b|-delete\b|\bdel\s+\/|\bshutil\.rmtree\b|\bos\.(?:remove|unlink|rmdir|removedirs)\b|\.unlink(?:Sync)?\s*\(|\bunlink(?:Sync)?\s*\(|\bfs\.(?:rm|rmSync|rmdirSync)\b|\bfs\.promises\.rm\b|\brimraf\b|\bRemove-Item\b|\bFileUtils\.rm|\bos\.Remove(?:All)?\s*\(|\bfs::remove_(?:file|dir_all)\s*\(|\bremove_dir_all\b|\bFiles?\.delete\b/;
