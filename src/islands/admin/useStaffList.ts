import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { browserApi } from '~/islands/shared/api';

type Api = ReturnType<typeof browserApi>;

/**
 * A staff list at `path`, loaded again when the path or `version` changes (bump `version` to reload the same
 * path). A load overtaken by the next is abandoned; a refused one keeps what is shown, as the client has
 * already told the staff member why.
 */
export function useStaffList<T>(
  api: Api,
  path: string,
  version = 0,
): [T | null, Dispatch<SetStateAction<T | null>>] {
  const [list, setList] = useState<T | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<T>(path, { signal: controller.signal }).then(setList, () => {});
    return () => controller.abort();
  }, [api, path, version]);
  return [list, setList];
}

/** A list paged by `?page=` under `path`, from its first page. */
export function usePagedStaffList<T>(api: Api, path: string) {
  const [page, setPage] = useState(1);
  const [list] = useStaffList<T>(api, `${path}?page=${page}`);
  return { list, page, setPage };
}
