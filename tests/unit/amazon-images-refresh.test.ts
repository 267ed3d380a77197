import { describe, expect, it } from 'vitest';
import { isAmazonImageLink, refreshedAmazonImages } from '../../src/domain/admin/amazon-product.ts';

const amazon = (id: string) => `https://m.media-amazon.com/images/I/${id}._SL500_.jpg`;

describe('isAmazonImageLink', () => {
  it.each([
    [amazon('61abc'), true],
    ['https://images-na.ssl-images-amazon.com/images/I/41x.jpg', true],
    ['https://ecx.images-amazon.com/images/I/41x.jpg', true],
    ['https://cdn.example.com/amazon.com/x.jpg', false],
    ['https://media-amazon.com.evil.example/x.jpg', false],
    ['/media/own-photo.webp', false],
    [null, false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isAmazonImageLink(url)).toBe(expected);
  });
});

describe('refreshedAmazonImages', () => {
  it("replaces the image and gallery links that came from Amazon with the item's current ones", () => {
    expect(refreshedAmazonImages({ imageUrl: amazon('old'), galleryImageUrls: [amazon('old'), amazon('old2')] }, [amazon('new'), amazon('new2')])).toEqual({
      imageUrl: amazon('new'),
      galleryImageUrls: [amazon('new'), amazon('new2')],
    });
  });

  it('changes nothing when the links are already current', () => {
    expect(refreshedAmazonImages({ imageUrl: amazon('a'), galleryImageUrls: [amazon('a'), amazon('b')] }, [amazon('a'), amazon('b')])).toEqual({});
  });

  it("keeps an image the editor chose from elsewhere, and a gallery with any such image", () => {
    expect(refreshedAmazonImages({ imageUrl: '/media/own.webp', galleryImageUrls: ['/media/own.webp', amazon('old')] }, [amazon('new')])).toEqual({});
  });

  it('refreshes the image alone when there is no gallery', () => {
    expect(refreshedAmazonImages({ imageUrl: amazon('old'), galleryImageUrls: undefined }, [amazon('new')])).toEqual({ imageUrl: amazon('new') });
  });

  it('changes nothing when the item answers with no images', () => {
    expect(refreshedAmazonImages({ imageUrl: amazon('old'), galleryImageUrls: [amazon('old')] }, [])).toEqual({});
  });
});
