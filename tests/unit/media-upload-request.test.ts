import { failureReason, uploadPath } from '../../web/features/media/upload/uploadRequest';

const USER = '00000000-0000-4000-8000-000000000002';

describe('upload request', () => {
  it('files each kind under its folder of the caller', () => {
    expect(uploadPath(USER, 'image')).toBe(`/api/upload/${USER}/images`);
    expect(uploadPath(USER, 'video')).toBe(`/api/upload/${USER}/videos`);
    expect(uploadPath(USER, 'document')).toBe(`/api/upload/${USER}/documents`);
    expect(uploadPath(USER, 'other')).toBe(`/api/upload/${USER}/files`);
  });

  it("tells the server's own message from its error body", () => {
    const body = JSON.stringify({
      error: { code: 'quota-exceeded', message: 'Your storage is full: 1 GB of 1 GB used.' },
    });
    expect(failureReason(413, 'Payload Too Large', body)).toBe(
      'Your storage is full: 1 GB of 1 GB used.',
    );
  });

  it('falls back to the status line for a body that is not the API error shape', () => {
    expect(failureReason(502, 'Bad Gateway', '<html>nginx</html>')).toBe(
      'Backend API error: 502 Bad Gateway',
    );
    expect(failureReason(500, '', '{"message":"x"}')).toBe('Backend API error: 500');
  });
});
